/** The largest finite 32-bit float: what the GPU reads numbers as, so anything beyond is infinite there. */
export const FLOAT32_MAX = 3.4028234663852886e38;
