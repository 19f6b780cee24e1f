// The one module that holds glTF-Transform's code: `loadGltf` imports it on first use, so an app that never loads a
// glTF file never loads the parser (the library build bundles it into its own chunk). The meshopt decoder is a further
// chunk of its own, loaded only for a file that uses EXT_meshopt_compression.
import { Logger, WebIO } from '@gltf-transform/core';
import { EXTMeshoptCompression, KHRDracoMeshCompression } from '@gltf-transform/extensions';

/** The decoders a file needs: meshopt's (carried by Armature), Draco's (the app's, see `GltfOptions.draco`). */
export interface GltfCodecs {
  meshopt: boolean;
  draco: object | null;
}

/** glTF-Transform's reader for the web, silent (`loadGltf` reports what it leaves out itself, once per feature). */
export async function gltfIo(codecs: GltfCodecs): Promise<WebIO> {
  const io = new WebIO().setLogger(new Logger(Logger.Verbosity.SILENT));
  if (codecs.meshopt) {
    const { MeshoptDecoder } = await import('meshoptimizer/decoder');
    await MeshoptDecoder.ready;
    io.registerExtensions([EXTMeshoptCompression]).registerDependencies({
      'meshopt.decoder': MeshoptDecoder,
    });
  }
  if (codecs.draco)
    io.registerExtensions([KHRDracoMeshCompression]).registerDependencies({
      'draco3d.decoder': codecs.draco,
    });
  return io;
}
