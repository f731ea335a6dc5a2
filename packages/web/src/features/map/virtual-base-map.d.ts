/** Made by `base-map-plugin.ts` at build time: addresses of the base map's GeoJSON files. */
declare module 'virtual:base-map' {
  export const landUrl: string;
  export const bordersUrl: string;
}
