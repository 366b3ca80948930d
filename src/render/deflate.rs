//! Deflate streams made of pieces coded apart: each piece (a band of a picture's filtered
//! rows) is coded once and kept, and a stream is its pieces' bits joined in one block, each
//! starting at whatever bit the one before it ended. A board changes a few rows of squares a
//! move, so most of a board's PNG is pieces kept from the boards before it (see
//! `board_png`).
//!
//! The code is fdeflate's (the `png` crate's `Compression::Fast`): one dynamic-Huffman block
//! whose code is fixed in advance for filtered PNG rows, literals and runs of zeros (a zero,
//! then copies of it at distance 1). fdeflate writes a stream in one go and keeps its code to
//! itself, so its code lengths and the block header that carries them are repeated here
//! (fdeflate is MIT or Apache-2.0, by the image-rs developers); a test checks that a stream of
//! one piece is fdeflate's, byte for byte.

/// The zlib header (deflate, 32 KiB window, fastest), then the block's: last block, dynamic
/// code, and the code's lengths; of the last byte only the [`HEADER_TAIL_BITS`] low bits.
const HEADER: [u8; 54] = [
    120, 1, 237, 192, 3, 160, 36, 89, 150, 198, 241, 255, 119, 238, 141, 200, 204, 167, 114, 75,
    99, 174, 109, 219, 182, 109, 219, 182, 109, 219, 182, 109, 105, 140, 158, 150, 74, 175, 158,
    50, 51, 34, 238, 249, 118, 183, 106, 122, 166, 135, 59, 107, 213, 15,
];
/// The bits of [`HEADER`]'s last byte that belong to it.
const HEADER_TAIL_BITS: u8 = 5;

/// The code's length for each literal/length symbol (literals 0–255, the block's end 256, the
/// copy lengths 257–285); the distance code has one symbol, distance 1, coded as one 0 bit.
const LENGTHS: [u8; 286] = [
    2, 3, 4, 5, 5, 6, 6, 7, 7, 7, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9, 10, 10, 10, 10, 10, 10, 10,
    10, 10, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 11, 11, 11, 11, 11, 11, 11,
    11, 11, 11, 10, 11, 10, 10, 10, 10, 10, 10, 10, 10, 10, 9, 9, 9, 9, 9, 8, 9, 8, 8, 8, 8, 8, 7,
    7, 7, 6, 6, 6, 5, 4, 3, 12, 12, 12, 9, 9, 11, 10, 11, 11, 10, 11, 11, 11, 11, 11, 11, 12, 11,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 9,
];

/// The code of each symbol, its bits reversed as deflate writes them (low bit first).
const CODES: [u16; 286] = codes(&LENGTHS);

/// The symbol that ends the block.
const END_OF_BLOCK: usize = 256;
/// The symbol of a copy of the longest length, 258.
const LONGEST_COPY: usize = 285;
/// Copy lengths 3–258: the first of each length symbol 257–285 (RFC 1951, 3.2.5).
const LENGTH_BASES: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
/// The extra bits after each length symbol 257–285.
const LENGTH_EXTRA_BITS: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
/// For each copy length less 3: its symbol, and how many extra bits follow it.
const LENGTH_SYMBOLS: [(u16, u8); 256] = length_symbols();

/// The canonical codes of `lengths` (RFC 1951, 3.2.2), bits reversed.
const fn codes(lengths: &[u8; 286]) -> [u16; 286] {
    let mut codes = [0u16; 286];
    let mut code = 0u32;
    let mut len = 1;
    while len <= 15 {
        let mut symbol = 0;
        while symbol < lengths.len() {
            if lengths[symbol] == len {
                codes[symbol] = (code as u16).reverse_bits() >> (16 - len);
                code += 1;
            }
            symbol += 1;
        }
        code <<= 1;
        len += 1;
    }
    codes
}

/// [`LENGTH_SYMBOLS`], from [`LENGTH_BASES`] and [`LENGTH_EXTRA_BITS`].
const fn length_symbols() -> [(u16, u8); 256] {
    let mut table = [(0u16, 0u8); 256];
    let mut i = 0;
    while i < LENGTH_BASES.len() {
        let first = LENGTH_BASES[i] as usize - 3;
        let last = if i + 1 < LENGTH_BASES.len() {
            LENGTH_BASES[i + 1] as usize - 3
        } else {
            256
        };
        let mut length = first;
        while length < last {
            table[length] = (257 + i as u16, LENGTH_EXTRA_BITS[i]);
            length += 1;
        }
        i += 1;
    }
    table
}

/// A piece of a stream: its bits, and the Adler-32 checksum and length of the bytes it codes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coded {
    /// The bits, the first in the low bit of the first byte; the last byte's unused high bits
    /// are zeros.
    bytes: Vec<u8>,
    /// How many bits.
    bits: usize,
    /// The checksum of the bytes coded.
    adler: u32,
    /// How many bytes are coded.
    len: usize,
}

impl Coded {
    /// Codes `data`.
    #[must_use]
    pub fn code(data: &[u8]) -> Coded {
        let mut out = Bits::with_capacity(data.len() / 8);
        // Runs of zeros, found 8 bytes at a time as fdeflate does.
        let mut run = 0;
        let mut chunks = data.chunks_exact(8);
        for chunk in &mut chunks {
            let word = u64::from_le_bytes([
                chunk[0], chunk[1], chunk[2], chunk[3], chunk[4], chunk[5], chunk[6], chunk[7],
            ]);
            if word == 0 {
                run += 8;
                continue;
            }
            if run > 0 {
                // The run goes on into this word's first zero bytes.
                let zeros = (word.trailing_zeros() / 8) as usize;
                out.zeros(run + zeros);
                run = 0;
                if zeros > 0 {
                    run = (word.leading_zeros() / 8) as usize;
                    out.literals(&chunk[zeros..8 - run]);
                    continue;
                }
            }
            let zeros = (word.leading_zeros() / 8) as usize;
            if zeros > 0 {
                out.literals(&chunk[..8 - zeros]);
                run = zeros;
                continue;
            }
            out.four_literals([chunk[0], chunk[1], chunk[2], chunk[3]]);
            out.four_literals([chunk[4], chunk[5], chunk[6], chunk[7]]);
        }
        if run > 0 {
            out.zeros(run);
        }
        out.literals(chunks.remainder());
        let (bytes, bits) = out.finish();
        Coded {
            bytes,
            bits,
            adler: simd_adler32::adler32(&data),
            len: data.len(),
        }
    }

    /// How many bytes the piece takes in a stream, give or take one.
    #[must_use]
    pub fn size(&self) -> usize {
        self.bytes.len()
    }
}

/// A zlib stream (as a PNG's image data) coding the bytes `pieces` code, one after another.
#[must_use]
pub fn zlib<'a>(pieces: impl IntoIterator<Item = &'a Coded> + Clone) -> Vec<u8> {
    let size: usize = pieces.clone().into_iter().map(Coded::size).sum();
    let mut out = Bits::with_capacity(HEADER.len() + size + 8);
    out.bytes.extend_from_slice(&HEADER[..HEADER.len() - 1]);
    out.put(u64::from(HEADER[HEADER.len() - 1]), HEADER_TAIL_BITS);
    // The checksum of no bytes.
    let mut adler = 1;
    for piece in pieces {
        out.append(piece);
        adler = adler32_combine(adler, piece.adler, piece.len);
    }
    out.symbol(END_OF_BLOCK);
    let (mut bytes, _) = out.finish();
    bytes.extend_from_slice(&adler.to_be_bytes());
    bytes
}

/// The Adler-32 checksum of two runs of bytes one after the other, from each one's checksum
/// and the second's length (zlib's `adler32_combine`).
fn adler32_combine(first: u32, second: u32, second_len: usize) -> u32 {
    const BASE: u64 = 65521;
    let rem = second_len as u64 % BASE;
    let (a1, b1) = (u64::from(first & 0xffff), u64::from(first >> 16));
    let (a2, b2) = (u64::from(second & 0xffff), u64::from(second >> 16));
    let a = (a1 + a2 + BASE - 1) % BASE;
    let b = (rem * a1 + b1 + b2 + BASE - rem) % BASE;
    ((b << 16) | a) as u32
}

/// Bits written low bit first, as deflate packs them, 64 at a time.
struct Bits {
    /// The bytes written.
    bytes: Vec<u8>,
    /// The bits not written yet, the first in the low bit.
    pending: u64,
    /// How many bits `pending` holds (under 64).
    count: u8,
}

impl Bits {
    fn with_capacity(bytes: usize) -> Bits {
        Bits {
            bytes: Vec::with_capacity(bytes),
            pending: 0,
            count: 0,
        }
    }

    /// Writes the `n` low bits of `bits` (`n` at most 64, and no bit above them set).
    #[inline]
    fn put(&mut self, bits: u64, n: u8) {
        self.pending |= bits << self.count;
        self.count += n;
        if self.count >= 64 {
            self.bytes.extend_from_slice(&self.pending.to_le_bytes());
            self.count -= 64;
            self.pending = bits.checked_shr(u32::from(n - self.count)).unwrap_or(0);
        }
    }

    /// Writes the code of `symbol`.
    #[inline]
    fn symbol(&mut self, symbol: usize) {
        self.put(u64::from(CODES[symbol]), LENGTHS[symbol]);
    }

    /// Writes literals' codes one by one.
    #[inline]
    fn literals(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.symbol(usize::from(byte));
        }
    }

    /// Writes 4 literals' codes at once (at most 12 bits each).
    #[inline]
    fn four_literals(&mut self, bytes: [u8; 4]) {
        let [n0, n1, n2, n3] = bytes.map(|byte| LENGTHS[usize::from(byte)]);
        let [c0, c1, c2, c3] = bytes.map(|byte| u64::from(CODES[usize::from(byte)]));
        let bits = c0 | c1 << n0 | c2 << (n0 + n1) | c3 << (n0 + n1 + n2);
        self.put(bits, n0 + n1 + n2 + n3);
    }

    /// Writes a run of `run` zeros: a zero, then copies of it at distance 1.
    fn zeros(&mut self, mut run: usize) {
        self.symbol(0);
        run -= 1;
        // Each copy is followed by its distance's code: one 0 bit.
        while run >= 258 {
            self.put(u64::from(CODES[LONGEST_COPY]), LENGTHS[LONGEST_COPY] + 1);
            run -= 258;
        }
        if run > 4 {
            let (symbol, extra) = LENGTH_SYMBOLS[run - 3];
            self.symbol(usize::from(symbol));
            let value = (run - 3) & ((1 << extra) - 1);
            self.put(value as u64, extra + 1);
        } else {
            // Shorter as zeros (the code of a zero is all zeros, and short).
            self.put(0, run as u8 * LENGTHS[0]);
        }
    }

    /// Writes a piece's bits.
    fn append(&mut self, piece: &Coded) {
        let words = piece.bits / 64;
        let (whole, rest) = piece.bytes.split_at(words * 8);
        for word in whole.chunks_exact(8) {
            let word = [
                word[0], word[1], word[2], word[3], word[4], word[5], word[6], word[7],
            ];
            self.put(u64::from_le_bytes(word), 64);
        }
        let left = piece.bits - words * 64;
        if left > 0 {
            let mut word = [0; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.put(u64::from_le_bytes(word), left as u8);
        }
    }

    /// The bytes written, the last padded with zeros, and how many bits there are.
    fn finish(mut self) -> (Vec<u8>, usize) {
        let bits = self.bytes.len() * 8 + usize::from(self.count);
        let last = usize::from(self.count).div_ceil(8);
        self.bytes
            .extend_from_slice(&self.pending.to_le_bytes()[..last]);
        (self.bytes, bits)
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use super::*;

    /// Bytes like filtered board rows: runs of zeros, small numbers, a few large.
    fn rows_like(rng: &mut SmallRng, len: usize) -> Vec<u8> {
        let mut data = Vec::with_capacity(len);
        while data.len() < len {
            match rng.random_range(0..4) {
                0 => data.extend(std::iter::repeat_n(0, rng.random_range(1..700))),
                1 => data.extend((0..rng.random_range(1..20)).map(|_| rng.random_range(0..4))),
                2 => data.push(rng.random()),
                _ => data.extend((0..rng.random_range(1..9)).map(|_| rng.random::<u8>())),
            }
        }
        data.truncate(len);
        data
    }

    #[test]
    fn one_piece_is_what_fdeflate_writes() {
        let mut rng = SmallRng::seed_from_u64(7);
        for len in [0, 1, 7, 8, 9, 258, 259, 1000, 50_000] {
            for _ in 0..20 {
                let data = rows_like(&mut rng, len);
                assert_eq!(
                    zlib([&Coded::code(&data)]),
                    fdeflate::compress_to_vec(&data),
                    "{len} bytes"
                );
            }
        }
        let zeros = vec![0; 5000];
        assert_eq!(
            zlib([&Coded::code(&zeros)]),
            fdeflate::compress_to_vec(&zeros)
        );
    }

    #[test]
    fn pieces_joined_decode_to_their_bytes_one_after_another() {
        let mut rng = SmallRng::seed_from_u64(11);
        for round in 0..50 {
            let parts: Vec<Vec<u8>> = (0..rng.random_range(1..8))
                .map(|_| {
                    let len = rng.random_range(0..3000);
                    rows_like(&mut rng, len)
                })
                .collect();
            let pieces: Vec<Coded> = parts.iter().map(|part| Coded::code(part)).collect();
            let stream = zlib(&pieces);
            let decoded = fdeflate::decompress_to_vec(&stream)
                .unwrap_or_else(|e| panic!("round {round}: {e:?}"));
            assert_eq!(decoded, parts.concat(), "round {round}");
        }
    }

    #[test]
    fn checksums_combine_as_of_the_bytes_together() {
        let mut rng = SmallRng::seed_from_u64(3);
        for len in [0, 1, 5551, 65_521, 65_522, 200_000] {
            let first = rows_like(&mut rng, 300);
            let second: Vec<u8> = (0..len).map(|_| rng.random()).collect();
            assert_eq!(
                adler32_combine(
                    simd_adler32::adler32(&first.as_slice()),
                    simd_adler32::adler32(&second.as_slice()),
                    len
                ),
                simd_adler32::adler32(&[first, second].concat().as_slice()),
            );
        }
        assert_eq!(adler32_combine(1, 0x1234_5678, 9), 0x1234_5678);
    }
}
