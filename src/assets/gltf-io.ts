// The one module that holds glTF-Transform's code: `loadGltf` imports it on first use, so an app that never loads a
// glTF file never loads the parser (the library build bundles it into its own chunk).
import { Logger, WebIO } from '@gltf-transform/core';

/** glTF-Transform's reader for the web, silent: `loadGltf` reports what it leaves out itself, once per feature. */
export function gltfIo(): WebIO {
  return new WebIO().setLogger(new Logger(Logger.Verbosity.SILENT));
}
