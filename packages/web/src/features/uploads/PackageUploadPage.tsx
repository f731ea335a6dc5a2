import { PagePlaceholder } from '../../shell/PagePlaceholder.tsx';

/** The Package Upload screen. */
export function PackageUploadPage() {
  return <PagePlaceholder title="Package Upload" />;
}
