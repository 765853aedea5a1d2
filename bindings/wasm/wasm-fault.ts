import { ThrongsError } from '../../reference/core/errors.js';

/** The wasm core trapped. The game has been rebuilt from its record and is intact. */
export class WasmFault extends ThrongsError {}
