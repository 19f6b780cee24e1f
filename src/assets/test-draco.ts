// For tests only: Google's Draco decoder as an app gets it, from the script three.js ships.
import dracoScript from 'three/examples/jsm/libs/draco/gltf/draco_decoder.js?url';

/** The Draco decoder module (`loadGltf`'s `draco` option): loads the script once, which defines `DracoDecoderModule`. */
export async function dracoDecoderModule(): Promise<object> {
  const scope = globalThis as unknown as { DracoDecoderModule?: () => Promise<object> };
  if (!scope.DracoDecoderModule) {
    const script = document.createElement('script');
    script.src = dracoScript;
    await new Promise((resolve, reject) => {
      script.onload = resolve;
      script.onerror = reject;
      document.head.append(script);
    });
  }
  return scope.DracoDecoderModule!();
}
