import type {
  CustomLayerInterface,
  CustomRenderMethodInput,
  CustomTerrainRenderInput,
  Map as MapLibreMap,
} from 'maplibre-gl';
import { STATUS_COLORS } from './map-colors.ts';
import type { ShownScans } from './scan-layers.ts';
import {
  type MercatorBox,
  type ScanPathGeometry,
  type ShownSegments,
  toMercator,
} from './scan-path-geometry.ts';

/** Width of an unselected path in CSS pixels, as the selected and focused ones are drawn wider. */
export const PATH_WIDTH_PX = 2.5;

/** Texels per row of the position and shown-segment textures (WebGL 2 allows at least 2048). */
const TEXTURE_WIDTH = 2048;
/** A shown-segment entry: the segment index in the low bits, its status slot (1-3) above. */
const SLOT_SHIFT = 29;
const SEGMENT_MASK = 2 ** SLOT_SHIFT - 1;

// Four vertices per shown segment, found from gl_VertexID and drawn as two indexed triangles:
// the quad around the segment, widened on screen and faded over its last pixel for a smooth
// edge. The segment and its status slot come from the list of shown segments (a filter change
// rewrites only that list, and hidden scans cost nothing); positions are read from a texture as
// float32 high and low parts relative to the camera centre, so that paths stay steady at the
// highest zoom. Software WebGL (SwiftShader) drew instanced quads six times slower than this,
// and shades each indexed vertex once where six unindexed vertices cost half as much again.
const VERTEX_SHADER = `#version 300 es
precision highp float;
precision highp sampler2D;
precision highp usampler2D;
uniform usampler2D u_shown;
uniform sampler2D u_positions;
uniform mat4 u_matrix;
uniform vec2 u_center_hi;
uniform vec2 u_center_lo;
uniform vec2 u_viewport;
uniform float u_half_width;
uniform vec3 u_colors[3];
out vec3 v_color;
out float v_across;
const int WIDTH = ${TEXTURE_WIDTH};
const uint SEGMENT_MASK = ${SEGMENT_MASK}u;
const uint SLOT_SHIFT = ${SLOT_SHIFT}u;
// x: 0 at the segment's start, 1 at its end; y: the side.
const vec2 CORNERS[4] = vec2[4](vec2(0.0, -1.0), vec2(1.0, -1.0), vec2(1.0, 1.0), vec2(0.0, 1.0));
ivec2 at(int index) {
  return ivec2(index % WIDTH, index / WIDTH);
}
vec4 texel(sampler2D source, int index) {
  return texelFetch(source, at(index), 0);
}
vec4 clipOf(int vertex) {
  vec4 p = texel(u_positions, vertex);
  return u_matrix * vec4((p.xy - u_center_hi) + (p.zw - u_center_lo), 0.0, 1.0);
}
void main() {
  int entry = gl_VertexID >> 2;
  vec2 corner = CORNERS[gl_VertexID & 3];
  uint shown = texelFetch(u_shown, at(entry), 0).r;
  int segment = int(shown & SEGMENT_MASK);
  int slot = int(shown >> SLOT_SHIFT);
  vec4 ca = clipOf(segment);
  vec4 cb = clipOf(segment + 1);
  if (slot == 0 || ca.w <= 0.0 || cb.w <= 0.0) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    return;
  }
  vec2 half_viewport = u_viewport * 0.5;
  vec2 sa = ca.xy / ca.w * half_viewport;
  vec2 sb = cb.xy / cb.w * half_viewport;
  vec2 along = sb - sa;
  float len = length(along);
  vec2 dir = len > 1e-6 ? along / len : vec2(1.0, 0.0);
  vec2 normal = vec2(-dir.y, dir.x);
  // Half a pixel beyond the half width is where the fragment shader's fade reaches zero.
  float reach = u_half_width + 0.5;
  bool start = corner.x < 0.5;
  vec4 clip = start ? ca : cb;
  vec2 screen = (start ? sa - dir * u_half_width : sb + dir * u_half_width) + normal * corner.y * reach;
  gl_Position = vec4(screen / half_viewport * clip.w, clip.z, clip.w);
  v_color = u_colors[slot - 1];
  v_across = corner.y * reach;
}`;

const FRAGMENT_SHADER = `#version 300 es
precision highp float;
in vec3 v_color;
in float v_across;
uniform float u_half_width;
out vec4 fragColor;
void main() {
  float alpha = clamp(u_half_width + 0.5 - abs(v_across), 0.0, 1.0);
  fragColor = vec4(v_color * alpha, alpha);
}`;

/** A framebuffer of one pixel per context, drawn into to end the map's render pass. */
const submitTargets = new WeakMap<WebGL2RenderingContext, WebGLFramebuffer>();

/**
 * Sends the commands drawn so far to the GPU now. ANGLE's Vulkan back end (SwiftShader, the
 * software WebGL of a machine without a GPU) defers a flush until the render pass ends, so the
 * draw would otherwise start only when the compositor reads the canvas back, with the page's
 * main thread waiting. Clearing a one-pixel framebuffer ends the pass; a real GPU barely notices.
 */
function submit(gl: WebGL2RenderingContext): void {
  let target = submitTargets.get(gl);
  if (!target) {
    const texture = gl.createTexture();
    const framebuffer = gl.createFramebuffer();
    if (!texture || !framebuffer) return;
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA8, 1, 1);
    gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
    target = framebuffer;
    submitTargets.set(gl, target);
  }
  const previous = gl.getParameter(gl.FRAMEBUFFER_BINDING) as WebGLFramebuffer | null;
  gl.bindFramebuffer(gl.FRAMEBUFFER, target);
  gl.clear(gl.COLOR_BUFFER_BIT);
  gl.bindFramebuffer(gl.FRAMEBUFFER, previous);
  gl.flush();
}

const UNIFORMS = [
  'u_shown',
  'u_positions',
  'u_matrix',
  'u_center_hi',
  'u_center_lo',
  'u_viewport',
  'u_half_width',
  'u_colors',
] as const;

interface GlResources {
  program: WebGLProgram;
  vao: WebGLVertexArrayObject;
  /** Six indices per quad (two triangles of its four vertices), for this many quads. */
  indices: WebGLBuffer;
  indexedQuads: number;
  uniforms: Record<(typeof UNIFORMS)[number], WebGLUniformLocation | null>;
}

/** What one draw needs: the level, the chunks in view and the projection. */
interface DrawPass {
  level: number;
  chunks: number[];
  matrix: Float32Array;
  /** Mercator point the matrix is relative to. */
  center: [number, number];
  viewport: [number, number];
  pixelRatio: number;
}

/** One level's textures on the GPU; the shown segments are listed again after a change. */
interface LevelTextures {
  positions: WebGLTexture;
  shownTexture: WebGLTexture;
  shown: ShownSegments | null;
}

/** Rows of a texture holding `count` texels. */
const rowsFor = (count: number) => Math.max(1, Math.ceil(count / TEXTURE_WIDTH));

function hexToUnit(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255];
}

const STATUS_RGB = new Float32Array([
  ...hexToUnit(STATUS_COLORS.Final),
  ...hexToUnit(STATUS_COLORS.Provisional),
  ...hexToUnit(STATUS_COLORS.Exception),
]);

function compile(gl: WebGL2RenderingContext, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type);
  if (!shader) throw new Error('The scan path shader could not be created');
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS))
    throw new Error(`The scan path shader did not compile: ${gl.getShaderInfoLog(shader)}`);
  return shader;
}

/** `matrix × translate(x, y, 0)`, computed in double precision before it becomes float32. */
function translated(matrix: ArrayLike<number>, x: number, y: number): Float32Array {
  const out = new Float32Array(16);
  for (let i = 0; i < 16; i++) out[i] = matrix[i] as number;
  for (let row = 0; row < 4; row++) {
    out[12 + row] =
      (matrix[row] as number) * x + (matrix[4 + row] as number) * y + (matrix[12 + row] as number);
  }
  return out;
}

/**
 * Draws the shown scan paths in MapLibre's WebGL context: at the zoom's level of detail, only
 * the chunks in view, one draw call each. A filter change rewrites the level's list of shown
 * segments instead of handing MapLibre new GeoJSON to tile again, and is drawn at once. With
 * terrain, the paths are drawn into the terrain tiles that MapLibre drapes.
 */
export class ScanPathLayer implements CustomLayerInterface {
  readonly type = 'custom' as const;
  readonly renderingMode = '2d' as const;
  terrainTileRevision = 0;
  /** Segments sent to the GPU by the last draw, shown paths or not: what a frame costs. */
  drawnSegments = 0;
  private map: MapLibreMap | null = null;
  private gl: WebGL2RenderingContext | null = null;
  private resources: GlResources | null = null;
  private geometry: ScanPathGeometry | null = null;
  private shown: ShownScans = new Set<string>();
  private readonly textures = new Map<number, LevelTextures>();
  private changePending = false;
  private drawScheduled = false;

  constructor(readonly id: string) {}

  /** New paths, and which of them are shown. */
  setGeometry(geometry: ScanPathGeometry, shown: ShownScans): void {
    this.geometry = geometry;
    this.shown = shown;
    this.releaseTextures();
    this.changed();
  }

  /** Another set of the same paths shown: each level lists its segments when next drawn. */
  setShown(shown: ShownScans): void {
    this.shown = shown;
    for (const level of this.textures.values()) level.shown = null;
    this.changed();
  }

  private changed(): void {
    this.terrainTileRevision += 1;
    this.changePending = true;
    this.scheduleDraw();
  }

  /**
   * Draws a change once the caller's work is done instead of at the next frame, and sends the
   * commands on at once. With software WebGL the frame's compositing waits until the GPU
   * process has drawn the map; drawn here, it draws while the page lays out and paints the list.
   */
  private scheduleDraw(): void {
    if (this.drawScheduled || !this.map) return;
    this.drawScheduled = true;
    queueMicrotask(() => {
      this.drawScheduled = false;
      if (!this.map || !this.gl) return;
      this.map.redraw();
      submit(this.gl);
    });
  }

  /**
   * Marks the end of the first frame that drew a change ('map:paths-shown'), for anyone timing
   * how long a filter change takes to reach the screen: a task queued from the frame runs after
   * its paint.
   */
  private markChangeDrawn(): void {
    if (!this.changePending) return;
    this.changePending = false;
    // With what the frame drew (counted by then): a map emptied (a project left) tells apart
    // from one that drew paths.
    setTimeout(() => {
      performance.mark('map:paths-shown', { detail: { segments: this.drawnSegments } });
    }, 0);
  }

  onAdd(map: MapLibreMap, gl: WebGL2RenderingContext): void {
    this.map = map;
    this.gl = gl;
    // Also called after a lost WebGL context is restored: the old textures went with it.
    this.textures.clear();
    this.resources = this.createResources(gl);
  }

  onRemove(): void {
    const gl = this.gl;
    const r = this.resources;
    this.releaseTextures();
    if (gl && r) {
      gl.deleteProgram(r.program);
      gl.deleteVertexArray(r.vao);
      gl.deleteBuffer(r.indices);
    }
    this.resources = null;
    this.gl = null;
    this.map = null;
  }

  private releaseTextures(): void {
    const gl = this.gl;
    if (gl) {
      for (const level of this.textures.values()) {
        gl.deleteTexture(level.positions);
        gl.deleteTexture(level.shownTexture);
      }
    }
    this.textures.clear();
  }

  render(gl: WebGL2RenderingContext, options: CustomRenderMethodInput): void {
    const map = this.map;
    const geometry = this.geometry;
    if (!map || !geometry) return;
    const { lng, lat } = map.getCenter();
    const [cx, cy] = toMercator(lng, lat);
    const matrix = translated(options.defaultProjectionData.mainMatrix, cx, cy);
    const bounds = map.getBounds();
    const [west, north] = toMercator(bounds.getWest(), bounds.getNorth());
    const [east, south] = toMercator(bounds.getEast(), bounds.getSouth());
    // A margin so that a path just outside the view still shows its width at the edge.
    const margin = (east - west) * 0.05;
    const view: MercatorBox = [west - margin, north - margin, east + margin, south + margin];
    const pass: DrawPass = {
      level: geometry.levelAt(map.getZoom()),
      chunks: geometry.chunksIn(view),
      matrix,
      center: [cx, cy],
      viewport: [gl.drawingBufferWidth, gl.drawingBufferHeight],
      pixelRatio: map.getPixelRatio(),
    };
    this.draw(gl, pass);
  }

  renderToTerrainTile(gl: WebGL2RenderingContext, options: CustomTerrainRenderInput): void {
    const geometry = this.geometry;
    if (!geometry) return;
    const { x, y, z } = options.tileID.canonical;
    const scale = 2 ** z;
    // Mercator to the tile's clip space: its south-west corner (-1, -1), north-east (1, 1).
    const tileX = x + (options.tileID.wrap ?? 0) * scale;
    const matrix = new Float32Array(16);
    matrix[0] = 2 * scale;
    matrix[5] = -2 * scale;
    matrix[10] = 1;
    matrix[15] = 1;
    const margin = 0.05 / scale;
    const view: MercatorBox = [
      tileX / scale - margin,
      y / scale - margin,
      (tileX + 1) / scale + margin,
      (y + 1) / scale + margin,
    ];
    this.draw(gl, {
      level: geometry.levelAt(z + 1),
      chunks: geometry.chunksIn(view),
      matrix,
      center: [(tileX + 0.5) / scale, (y + 0.5) / scale],
      viewport: [options.width, options.height],
      pixelRatio: 1,
    });
  }

  private draw(gl: WebGL2RenderingContext, pass: DrawPass): void {
    this.drawnSegments = 0;
    this.markChangeDrawn();
    const r = this.resources;
    const level = this.geometry?.level(pass.level);
    if (!r || !level || level.segmentCount === 0 || pass.chunks.length === 0) return;
    const textures = this.levelTextures(gl, pass.level);
    const ranges = textures.shown?.chunkRanges;
    if (!ranges) return;
    gl.bindVertexArray(r.vao);
    // biome-ignore lint/correctness/useHookAtTopLevel: WebGL's useProgram, not a React hook.
    gl.useProgram(r.program);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, textures.positions);
    gl.uniform1i(r.uniforms.u_positions, 0);
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, textures.shownTexture);
    gl.uniform1i(r.uniforms.u_shown, 1);
    this.ensureIndices(gl, r, textures.shown?.segments.length ?? 0);
    gl.uniformMatrix4fv(r.uniforms.u_matrix, false, pass.matrix);
    const [cx, cy] = pass.center;
    const hx = Math.fround(cx);
    const hy = Math.fround(cy);
    gl.uniform2f(r.uniforms.u_center_hi, hx, hy);
    gl.uniform2f(r.uniforms.u_center_lo, cx - hx, cy - hy);
    gl.uniform2f(r.uniforms.u_viewport, pass.viewport[0], pass.viewport[1]);
    gl.uniform1f(r.uniforms.u_half_width, (PATH_WIDTH_PX * pass.pixelRatio) / 2);
    gl.uniform3fv(r.uniforms.u_colors, STATUS_RGB);
    // Chunks in view whose shown segments follow each other are drawn in one call.
    let runStart = 0;
    let runEnd = 0;
    const flush = () => {
      if (runEnd > runStart) {
        gl.drawElements(gl.TRIANGLES, (runEnd - runStart) * 6, gl.UNSIGNED_INT, runStart * 6 * 4);
      }
      this.drawnSegments += runEnd - runStart;
    };
    for (const chunk of pass.chunks) {
      const first = ranges[chunk * 2] as number;
      const count = ranges[chunk * 2 + 1] as number;
      if (count === 0) continue;
      if (first !== runEnd) {
        flush();
        runStart = first;
      }
      runEnd = first + count;
    }
    flush();
    for (const unit of [gl.TEXTURE1, gl.TEXTURE0]) {
      gl.activeTexture(unit);
      gl.bindTexture(gl.TEXTURE_2D, null);
    }
    gl.bindVertexArray(null);
  }

  /**
   * The level's textures: positions sent to the GPU when the level is first drawn, the list of
   * shown segments (with their status slots) again after each change of the shown scans.
   */
  private levelTextures(gl: WebGL2RenderingContext, index: number): LevelTextures {
    const level = this.geometry?.level(index);
    let textures = this.textures.get(index);
    // MapLibre may leave flipping or premultiplying on for its images; these are raw numbers.
    // (Rows of 2048 texels are whole words, so the default alignment of 4 fits every texture.)
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 4);
    if (!textures) {
      textures = { positions: createTexture(gl), shownTexture: createTexture(gl), shown: null };
      this.textures.set(index, textures);
      if (level) {
        const positionRows = rowsFor(level.vertices.length / 4);
        const positions = new Float32Array(positionRows * TEXTURE_WIDTH * 4);
        positions.set(level.vertices);
        upload(gl, textures.positions, [gl.RGBA32F, gl.RGBA, gl.FLOAT], positionRows, positions);
      }
    }
    if (!textures.shown && this.geometry && level) {
      const shown = this.geometry.shownSegments(index, this.shown);
      const rows = rowsFor(shown.segments.length);
      const list = new Uint32Array(rows * TEXTURE_WIDTH);
      shown.segments.forEach((segment, entry) => {
        list[entry] = segment + (level.slots[segment] as number) * 2 ** SLOT_SHIFT;
      });
      upload(gl, textures.shownTexture, [gl.R32UI, gl.RED_INTEGER, gl.UNSIGNED_INT], rows, list);
      textures.shown = shown;
    }
    gl.bindTexture(gl.TEXTURE_2D, null);
    return textures;
  }

  private createResources(gl: WebGL2RenderingContext): GlResources {
    const program = gl.createProgram();
    gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, VERTEX_SHADER));
    gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, FRAGMENT_SHADER));
    gl.linkProgram(program);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS))
      throw new Error(`The scan path shader did not link: ${gl.getProgramInfoLog(program)}`);
    const uniforms = Object.fromEntries(
      UNIFORMS.map((name) => [name, gl.getUniformLocation(program, name)]),
    ) as GlResources['uniforms'];
    // No attributes: the shader reads everything from textures by gl_VertexID; the vertex
    // array holds only the quads' index buffer.
    return {
      program,
      vao: gl.createVertexArray(),
      indices: gl.createBuffer(),
      indexedQuads: 0,
      uniforms,
    };
  }

  /** Grows the index buffer (bound in the layer's vertex array) to cover `quads` quads. */
  private ensureIndices(gl: WebGL2RenderingContext, r: GlResources, quads: number): void {
    if (quads <= r.indexedQuads) return;
    const count = Math.max(quads, r.indexedQuads * 2, 1024);
    const indices = new Uint32Array(count * 6);
    for (let quad = 0, at = 0; quad < count; quad++, at += 6) {
      const first = quad * 4;
      indices[at] = first;
      indices[at + 1] = first + 1;
      indices[at + 2] = first + 2;
      indices[at + 3] = first;
      indices[at + 4] = first + 2;
      indices[at + 5] = first + 3;
    }
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, r.indices);
    gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, indices, gl.STATIC_DRAW);
    r.indexedQuads = count;
  }
}

/** Fills a texture of TEXTURE_WIDTH columns and `rows` rows with `texels`. */
function upload(
  gl: WebGL2RenderingContext,
  texture: WebGLTexture,
  [internalFormat, format, type]: [number, number, number],
  rows: number,
  texels: ArrayBufferView,
): void {
  gl.bindTexture(gl.TEXTURE_2D, texture);
  gl.texImage2D(gl.TEXTURE_2D, 0, internalFormat, TEXTURE_WIDTH, rows, 0, format, type, texels);
}

/** A texture read texel by texel: no filtering, no mipmaps. */
function createTexture(gl: WebGL2RenderingContext): WebGLTexture {
  const texture = gl.createTexture();
  gl.bindTexture(gl.TEXTURE_2D, texture);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  gl.bindTexture(gl.TEXTURE_2D, null);
  return texture;
}
