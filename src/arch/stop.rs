//! How the C artifacts stop the process when a panic is reached (`crate::panic`): `abort()`
//! where there is a C library (unix, windows: Linux, Android, macOS, iOS); where there is none,
//! the `unreachable` instruction on wasm32 (the host sees a `WebAssembly.RuntimeError`), an
//! undefined instruction on bare-metal Arm and RISC-V (the HardFault or illegal-instruction
//! handler runs), and a spin on any other bare target. Here because the choice is by
//! instruction set.

#[cfg(any(unix, windows))]
pub(crate) fn stop() -> ! {
    // SAFETY: abort() takes no arguments and never returns.
    unsafe { libc::abort() }
}

#[cfg(all(not(any(unix, windows)), target_arch = "wasm32"))]
pub(crate) fn stop() -> ! {
    core::arch::wasm32::unreachable()
}

#[cfg(all(
    not(any(unix, windows)),
    any(target_arch = "arm", target_arch = "aarch64")
))]
pub(crate) fn stop() -> ! {
    // SAFETY: `udf` raises an undefined-instruction exception and does not return.
    unsafe { core::arch::asm!("udf #0", options(noreturn, nomem, nostack)) }
}

#[cfg(all(
    not(any(unix, windows)),
    any(target_arch = "riscv32", target_arch = "riscv64")
))]
pub(crate) fn stop() -> ! {
    // SAFETY: `unimp` raises an illegal-instruction exception and does not return.
    unsafe { core::arch::asm!("unimp", options(noreturn, nomem, nostack)) }
}

#[cfg(not(any(
    unix,
    windows,
    target_arch = "wasm32",
    target_arch = "arm",
    target_arch = "aarch64",
    target_arch = "riscv32",
    target_arch = "riscv64"
)))]
pub(crate) fn stop() -> ! {
    // No trap instruction known here and no C library: halt.
    loop {
        core::hint::spin_loop()
    }
}
