//! Texture fetches and surface accesses are not run yet: the IR
//! interpreter and the PTX emulator (on our PTX and on nvcc's) stop the
//! launch with an error that says so and names the instruction, never a
//! panic.

use ptxlab_core::{compile_source, compile_to_ir, NoFiles, Options};
use ptxlab_sim::{emu, interp, ArgValue, Config, Launch, Memory};

const SRC: &str = "__global__ void k(cudaTextureObject_t t, cudaSurfaceObject_t s, float *o) {
  o[threadIdx.x] = tex2D<float>(t, threadIdx.x + 0.5f, 0.5f);
  surf2Dwrite(o[0], s, 0, 0);
}
";

fn launch(mem: &mut Memory) -> Launch {
    let o = mem.upload(&[0f32; 4]);
    Launch::new(
        [1, 1, 1],
        [4, 1, 1],
        vec![ArgValue::I64(1), ArgValue::I64(2), ArgValue::Buffer(o)],
    )
}

#[test]
fn the_interpreter_says_it_does_not_run_texture_fetches() {
    for opt_level in [0, 3] {
        let opts = Options {
            opt_level,
            ..Options::default()
        };
        let m = compile_to_ir("t.cu", SRC, &NoFiles, &opts, None).expect("compiles");
        let mut mem = Memory::new();
        let l = launch(&mut mem);
        let e = interp::run_kernel(&m, "_Z1kyyPf", &l, &mut mem, &Config::default())
            .expect_err("a fetch is not run");
        let msg = e.to_string();
        assert!(
            msg.contains("texture fetches and surface accesses are not supported by the interpreter (@llvm.nvvm.tex.unified.2d.v4f32.f32)"),
            "-O{opt_level}: {msg}"
        );
    }
}

/// nvcc 13.5's lines for a gather and a surface write (`nvcc -arch=sm_80 --ptx`).
const NVCC_PTX: &str = ".version 9.0
.target sm_80
.address_size 64
.visible .entry g(
	.param .u64 g_param_0,
	.param .u64 g_param_1,
	.param .f32 g_param_2
)
{
	.reg .f32 	%f<7>;
	.reg .b32 	%r<2>;
	.reg .b64 	%rd<4>;
	ld.param.u64 	%rd1, [g_param_0];
	ld.param.u64 	%rd2, [g_param_1];
	ld.param.f32 	%f1, [g_param_2];
	mov.b32 	%r1, 0;
	sust.b.2d.b32.trap 	[%rd2, {%r1, %r1}], {%r1};
	tld4.g.2d.v4.f32.f32 	{%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f1}];
	ret;
}
";

#[test]
fn the_emulator_parses_texture_operands_and_says_it_does_not_run_them() {
    let c = compile_source("t.cu", SRC, &Options::default());
    let ours = emu::PtxModule::parse(c.ptx.as_deref().expect("PTX")).expect("parses");
    let mut mem = Memory::new();
    let l = launch(&mut mem);
    let e = emu::run_kernel(&ours, "_Z1kyyPf", &l, &mut mem, &Config::default())
        .expect_err("a fetch is not run");
    assert!(
        e.to_string().contains(
            "texture fetches and surface accesses are not supported by the emulator ('tex.2d.v4.f32.f32')"
        ),
        "{e}"
    );
    let nvcc = emu::PtxModule::parse(NVCC_PTX).expect("nvcc's PTX parses");
    let mut mem = Memory::new();
    let l = Launch::new(
        [1, 1, 1],
        [1, 1, 1],
        vec![ArgValue::I64(1), ArgValue::I64(2), ArgValue::F32(0.5)],
    );
    let e = emu::run_kernel(&nvcc, "g", &l, &mut mem, &Config::default())
        .expect_err("a surface write is not run");
    assert!(
        e.to_string()
            .contains("not supported by the emulator ('sust.b.2d.b32.trap')"),
        "{e}"
    );
}
