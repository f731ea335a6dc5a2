/**
 * LASzip's adaptive arithmetic coder and integer compressor (after Amir Said's FastAC, as LASzip
 * 3.x uses them), enough to read and write a LAZ chunk table. laz-perf decodes the points but
 * does not expose the table that says where each chunk starts, and without it a LAZ file can
 * only be decoded from one buffer holding the whole file. Every quantity is an unsigned 32-bit
 * integer in the original, kept so here with `>>> 0`; products stay below 2^32 by construction
 * (a probability of 15 or 13 bits times a length shifted right by as many bits).
 */

const MIN_LENGTH = 0x01000000;
const MAX_LENGTH = 0xffffffff;
const MODEL_LENGTH_SHIFT = 15;
const MODEL_MAX_COUNT = 1 << 15;
const BIT_LENGTH_SHIFT = 13;
const BIT_MAX_COUNT = 1 << 13;

/** A byte source that yields 0 past its end, as LASzip's decoder reads a few bytes ahead. */
export class ByteReader {
  private position = 0;
  constructor(private readonly bytes: Uint8Array) {}
  next(): number {
    const byte = this.position < this.bytes.length ? this.bytes[this.position]! : 0;
    this.position++;
    return byte;
  }
  /** Bytes consumed so far, counting those read past the end. */
  get consumed(): number {
    return this.position;
  }
}

/** Adaptive model of `symbols` symbols (2 to 2048). */
export class SymbolModel {
  readonly symbols: number;
  readonly lastSymbol: number;
  readonly distribution: Uint32Array;
  readonly symbolCount: Uint32Array;
  /** Decoder only, for more than 16 symbols: a table that narrows the symbol search. */
  readonly decoderTable: Uint32Array | null;
  readonly tableShift: number;
  private readonly tableSize: number;
  private totalCount = 0;
  private updateCycle: number;
  symbolsUntilUpdate: number;

  constructor(symbols: number, forDecoding: boolean) {
    if (symbols < 2 || symbols > 1 << 11) throw new RangeError(`Bad model size ${symbols}`);
    this.symbols = symbols;
    this.lastSymbol = symbols - 1;
    this.distribution = new Uint32Array(symbols);
    this.symbolCount = new Uint32Array(symbols).fill(1);
    if (forDecoding && symbols > 16) {
      let tableBits = 3;
      while (symbols > 1 << (tableBits + 2)) tableBits++;
      this.tableSize = 1 << tableBits;
      this.tableShift = MODEL_LENGTH_SHIFT - tableBits;
      this.decoderTable = new Uint32Array(this.tableSize + 2);
    } else {
      this.tableSize = 0;
      this.tableShift = 0;
      this.decoderTable = null;
    }
    this.updateCycle = symbols;
    this.symbolsUntilUpdate = 0;
    this.update();
    this.updateCycle = (symbols + 6) >>> 1;
    this.symbolsUntilUpdate = this.updateCycle;
  }

  update(): void {
    this.totalCount += this.updateCycle;
    if (this.totalCount > MODEL_MAX_COUNT) {
      this.totalCount = 0;
      for (let n = 0; n < this.symbols; n++) {
        this.symbolCount[n] = (this.symbolCount[n]! + 1) >>> 1;
        this.totalCount += this.symbolCount[n]!;
      }
    }
    const scale = Math.floor(0x80000000 / this.totalCount);
    const shift = 31 - MODEL_LENGTH_SHIFT;
    let sum = 0;
    if (!this.decoderTable) {
      for (let k = 0; k < this.symbols; k++) {
        this.distribution[k] = (scale * sum) >>> shift;
        sum += this.symbolCount[k]!;
      }
    } else {
      const table = this.decoderTable;
      let s = 0;
      for (let k = 0; k < this.symbols; k++) {
        this.distribution[k] = (scale * sum) >>> shift;
        sum += this.symbolCount[k]!;
        const w = this.distribution[k]! >>> this.tableShift;
        while (s < w) table[++s] = k - 1;
      }
      table[0] = 0;
      while (s <= this.tableSize) table[++s] = this.symbols - 1;
    }
    this.updateCycle = (5 * this.updateCycle) >>> 2;
    const maxCycle = (this.symbols + 6) << 3;
    if (this.updateCycle > maxCycle) this.updateCycle = maxCycle;
    this.symbolsUntilUpdate = this.updateCycle;
  }
}

/** Adaptive model of one bit. */
export class BitModel {
  bit0Count = 1;
  private bitCount = 2;
  bit0Probability = 1 << (BIT_LENGTH_SHIFT - 1);
  private updateCycle = 4;
  bitsUntilUpdate = 4;

  update(): void {
    this.bitCount += this.updateCycle;
    if (this.bitCount > BIT_MAX_COUNT) {
      this.bitCount = (this.bitCount + 1) >>> 1;
      this.bit0Count = (this.bit0Count + 1) >>> 1;
      if (this.bit0Count === this.bitCount) this.bitCount++;
    }
    const scale = Math.floor(0x80000000 / this.bitCount);
    this.bit0Probability = (this.bit0Count * scale) >>> (31 - BIT_LENGTH_SHIFT);
    this.updateCycle = (5 * this.updateCycle) >>> 2;
    if (this.updateCycle > 64) this.updateCycle = 64;
    this.bitsUntilUpdate = this.updateCycle;
  }
}

export class ArithmeticDecoder {
  private value: number;
  private length = MAX_LENGTH;

  constructor(private readonly input: ByteReader) {
    this.value =
      ((input.next() << 24) | (input.next() << 16) | (input.next() << 8) | input.next()) >>> 0;
  }

  decodeSymbol(model: SymbolModel): number {
    let symbol: number;
    let x: number;
    let y = this.length;
    const distribution = model.distribution;
    if (model.decoderTable) {
      this.length = this.length >>> MODEL_LENGTH_SHIFT;
      const dv = Math.floor(this.value / this.length);
      const t = dv >>> model.tableShift;
      symbol = model.decoderTable[t]!;
      let n = model.decoderTable[t + 1]! + 1;
      while (n > symbol + 1) {
        const k = (symbol + n) >>> 1;
        if (distribution[k]! > dv) n = k;
        else symbol = k;
      }
      x = distribution[symbol]! * this.length;
      if (symbol !== model.lastSymbol) y = distribution[symbol + 1]! * this.length;
    } else {
      x = symbol = 0;
      this.length = this.length >>> MODEL_LENGTH_SHIFT;
      let n = model.symbols;
      let k = n >>> 1;
      do {
        const z = this.length * distribution[k]!;
        if (z > this.value) {
          n = k;
          y = z;
        } else {
          symbol = k;
          x = z;
        }
        k = (symbol + n) >>> 1;
      } while (k !== symbol);
    }
    this.value = (this.value - x) >>> 0;
    this.length = (y - x) >>> 0;
    if (this.length < MIN_LENGTH) this.renormalize();
    model.symbolCount[symbol]!++;
    if (--model.symbolsUntilUpdate === 0) model.update();
    return symbol;
  }

  decodeBit(model: BitModel): number {
    const x = model.bit0Probability * (this.length >>> BIT_LENGTH_SHIFT);
    const bit = this.value >= x ? 1 : 0;
    if (bit === 0) {
      this.length = x;
      model.bit0Count++;
    } else {
      this.value = (this.value - x) >>> 0;
      this.length = (this.length - x) >>> 0;
    }
    if (this.length < MIN_LENGTH) this.renormalize();
    if (--model.bitsUntilUpdate === 0) model.update();
    return bit;
  }

  readBits(bits: number): number {
    if (bits > 19) {
      const low = this.readBits(16);
      const high = this.readBits(bits - 16);
      return ((high << 16) | low) >>> 0;
    }
    this.length = this.length >>> bits;
    const symbol = Math.floor(this.value / this.length);
    this.value = (this.value - this.length * symbol) >>> 0;
    if (this.length < MIN_LENGTH) this.renormalize();
    return symbol;
  }

  private renormalize(): void {
    do {
      this.value = ((this.value << 8) | this.input.next()) >>> 0;
      this.length = (this.length * 256) >>> 0;
    } while (this.length < MIN_LENGTH);
  }
}

export class ArithmeticEncoder {
  private base = 0;
  private length = MAX_LENGTH;
  private readonly output: number[] = [];

  encodeSymbol(model: SymbolModel, symbol: number): void {
    const initialBase = this.base;
    let x: number;
    if (symbol === model.lastSymbol) {
      x = model.distribution[symbol]! * (this.length >>> MODEL_LENGTH_SHIFT);
      this.base = (this.base + x) >>> 0;
      this.length = (this.length - x) >>> 0;
    } else {
      this.length = this.length >>> MODEL_LENGTH_SHIFT;
      x = model.distribution[symbol]! * this.length;
      this.base = (this.base + x) >>> 0;
      this.length = (model.distribution[symbol + 1]! * this.length - x) >>> 0;
    }
    if (initialBase > this.base) this.propagateCarry();
    if (this.length < MIN_LENGTH) this.renormalize();
    model.symbolCount[symbol]!++;
    if (--model.symbolsUntilUpdate === 0) model.update();
  }

  encodeBit(model: BitModel, bit: number): void {
    const x = model.bit0Probability * (this.length >>> BIT_LENGTH_SHIFT);
    if (bit === 0) {
      this.length = x;
      model.bit0Count++;
    } else {
      const initialBase = this.base;
      this.base = (this.base + x) >>> 0;
      this.length = (this.length - x) >>> 0;
      if (initialBase > this.base) this.propagateCarry();
    }
    if (this.length < MIN_LENGTH) this.renormalize();
    if (--model.bitsUntilUpdate === 0) model.update();
  }

  writeBits(bits: number, value: number): void {
    if (bits > 19) {
      this.writeBits(16, value & 0xffff);
      value = value >>> 16;
      bits -= 16;
    }
    const initialBase = this.base;
    this.length = this.length >>> bits;
    this.base = (this.base + value * this.length) >>> 0;
    if (initialBase > this.base) this.propagateCarry();
    if (this.length < MIN_LENGTH) this.renormalize();
  }

  /** Ends the stream, padded with the zero bytes LASzip's decoder expects to read. */
  finish(): Uint8Array {
    const initialBase = this.base;
    let anotherByte = true;
    if (this.length > 2 * MIN_LENGTH) {
      this.base = (this.base + MIN_LENGTH) >>> 0;
      this.length = MIN_LENGTH >>> 1;
    } else {
      this.base = (this.base + (MIN_LENGTH >>> 1)) >>> 0;
      this.length = MIN_LENGTH >>> 9;
      anotherByte = false;
    }
    if (initialBase > this.base) this.propagateCarry();
    this.renormalize();
    this.output.push(0, 0);
    if (anotherByte) this.output.push(0);
    return Uint8Array.from(this.output);
  }

  private propagateCarry(): void {
    let p = this.output.length - 1;
    while (p >= 0 && this.output[p] === 0xff) this.output[p--] = 0;
    if (p >= 0) this.output[p]!++;
  }

  private renormalize(): void {
    do {
      this.output.push(this.base >>> 24);
      this.base = (this.base << 8) >>> 0;
      this.length = (this.length * 256) >>> 0;
    } while (this.length < MIN_LENGTH);
  }
}

/**
 * LASzip's IntegerCompressor for 32-bit values without a range (corrections wrap as int32),
 * with `contexts` independent sets of models and corrections above 8 bits sent raw.
 */
/** Values of 32 bits; corrections of more than 8 bits send their low bits raw. */
const BITS = 32;
const BITS_HIGH = 8;

export class IntegerCoder {
  private readonly bitModels: SymbolModel[];
  private readonly zeroModel = new BitModel();
  private readonly correctorModels: SymbolModel[] = [];

  constructor(contexts: number, forDecoding: boolean) {
    this.bitModels = Array.from({ length: contexts }, () => new SymbolModel(BITS + 1, forDecoding));
    for (let i = 1; i <= BITS; i++) {
      this.correctorModels[i] = new SymbolModel(1 << Math.min(i, BITS_HIGH), forDecoding);
    }
  }

  decode(decoder: ArithmeticDecoder, predicted: number, context: number): number {
    const k = decoder.decodeSymbol(this.bitModels[context]!);
    let correction: number;
    if (k === 0) {
      correction = decoder.decodeBit(this.zeroModel);
    } else if (k < 32) {
      if (k <= BITS_HIGH) {
        correction = decoder.decodeSymbol(this.correctorModels[k]!);
      } else {
        const rawBits = k - BITS_HIGH;
        const high = decoder.decodeSymbol(this.correctorModels[k]!);
        correction = high * 2 ** rawBits + decoder.readBits(rawBits);
      }
      correction =
        correction >= 2 ** (k - 1) ? (correction + 1) | 0 : (correction - (2 ** k - 1)) | 0;
    } else {
      correction = -0x80000000;
    }
    return (predicted + correction) | 0;
  }

  encode(encoder: ArithmeticEncoder, predicted: number, actual: number, context: number): void {
    let correction = (actual - predicted) | 0;
    let k = 0;
    for (let c = correction <= 0 ? -correction : correction - 1; c > 0; c = Math.floor(c / 2)) k++;
    encoder.encodeSymbol(this.bitModels[context]!, k);
    if (k === 0) {
      encoder.encodeBit(this.zeroModel, correction);
    } else if (k < 32) {
      correction = correction < 0 ? correction + (2 ** k - 1) : correction - 1;
      if (k <= BITS_HIGH) {
        encoder.encodeSymbol(this.correctorModels[k]!, correction);
      } else {
        const rawBits = k - BITS_HIGH;
        encoder.encodeSymbol(this.correctorModels[k]!, Math.floor(correction / 2 ** rawBits));
        encoder.writeBits(rawBits, correction % 2 ** rawBits);
      }
    }
  }
}
