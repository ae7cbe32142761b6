//! Q1 as a user tasklet written in Rust: accesses per region of a WorldCup98 log, the same result
//! as the built-in q1 and q1.c (docs/tasklets.md): for each region with a non-zero count, in
//! ascending order, u8 region and u64 count, little-endian. Parameter entrySize: 20, 32, 64, 128
//! or 256. no_std (no allocator, no WASI), importing only the tasklet ABI's three functions;
//! built by wasm/build.sh (rustc --target wasm32-unknown-unknown).
#![no_std]

use core::panic::PanicInfo;

#[link(wasm_import_module = "ispd")]
extern "C" {
    fn emit(ptr: *const u8, len: u32);
    fn param(key: *const u8, key_len: u32, buf: *mut u8, cap: u32) -> i32;
    fn progress(records: i64);
    /// Where the linker puts the heap: the batch buffer starts there.
    static __heap_base: u8;
}

/// The server byte of the 20-byte record; region = server >> 5.
const SERVER_OFFSET: usize = 19;
const PAGE: usize = 65536;

static mut ENTRY_SIZE: usize = 0;
static mut COUNTS: [u64; 8] = [0; 8];

#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    core::arch::wasm32::unreachable()
}

/// Parameter `key` as an unsigned decimal below 2^31, or None if absent or not such a number.
fn param_uint(key: &[u8]) -> Option<u32> {
    let mut buf = [0u8; 12];
    let n = unsafe { param(key.as_ptr(), key.len() as u32, buf.as_mut_ptr(), buf.len() as u32) };
    if n <= 0 || n > 10 {
        return None;
    }
    let mut v: u64 = 0;
    for &c in &buf[..n as usize] {
        if !c.is_ascii_digit() {
            return None;
        }
        v = v * 10 + u64::from(c - b'0');
    }
    u32::try_from(v).ok().filter(|&v| v <= 0x7fff_ffff)
}

#[no_mangle]
pub extern "C" fn init() -> i32 {
    match param_uint(b"entrySize") {
        Some(e @ (20 | 32 | 64 | 128 | 256)) => {
            unsafe { ENTRY_SIZE = e as usize };
            e as i32
        }
        _ => {
            let msg = b"parameter 'entrySize' must be one of 20, 32, 64, 128, 256";
            unsafe { emit(msg.as_ptr(), msg.len() as u32) };
            -1
        }
    }
}

/// `len` bytes at the start of the heap, growing the memory as needed (0 if it cannot).
#[no_mangle]
pub extern "C" fn buffer(len: u32) -> *mut u8 {
    let base = unsafe { core::ptr::addr_of!(__heap_base) } as usize;
    let need = base + len as usize;
    let have = core::arch::wasm32::memory_size(0) * PAGE;
    if need > have && core::arch::wasm32::memory_grow(0, (need - have + PAGE - 1) / PAGE) == usize::MAX {
        return core::ptr::null_mut();
    }
    base as *mut u8
}

/// Counts in a local, as q1.c does: one byte per region of one u64 for a run of up to 255
/// records, so only the run's end touches the counts in memory.
#[no_mangle]
pub extern "C" fn scan(data: *const u8, len: u32, _object_id: i64, _offset: i64) {
    let entry = unsafe { ENTRY_SIZE };
    let records = len as usize / entry;
    let counts = unsafe { &mut *core::ptr::addr_of_mut!(COUNTS) };
    // whole records only: the server byte of each of them lies inside data..data + len
    let mut server = data.wrapping_add(SERVER_OFFSET);
    let mut left = records;
    while left > 0 {
        let run = left.min(255);
        let mut packed: u64 = 0;
        for _ in 0..run {
            packed += 1u64 << ((unsafe { *server } >> 5) * 8);
            server = server.wrapping_add(entry);
        }
        for (region, c) in counts.iter_mut().enumerate() {
            *c += (packed >> (8 * region)) & 0xff;
        }
        left -= run;
    }
    unsafe { progress(records as i64) };
}

#[no_mangle]
pub extern "C" fn finish() {
    let counts = unsafe { &*core::ptr::addr_of!(COUNTS) };
    let mut out = [0u8; 8 * 9];
    let mut k = 0;
    for (region, &c) in counts.iter().enumerate() {
        if c != 0 {
            out[k] = region as u8;
            out[k + 1..k + 9].copy_from_slice(&c.to_le_bytes());
            k += 9;
        }
    }
    unsafe { emit(out.as_ptr(), k as u32) };
}
