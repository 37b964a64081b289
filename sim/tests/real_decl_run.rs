//! What kernels written with real programs' declarators and initializers
//! compute (the compile side is `core/tests/real_decl.rs`): a reference to
//! an array sorted in a device function, a pointer to an array over shared
//! memory, braced lists assigned and passed, a compound literal, GNU
//! statement expressions, a local hiding a template, a parameter hiding an
//! enumeration, packed records read and written, a string-initialized
//! table. Run by the IR interpreter and the PTX emulator at -O0 and -O3.

use ptxlab_core::{compile_source, compile_to_ir, NoFiles, Options};
use ptxlab_sim::{emu, interp, ArgValue, Config, Launch, Memory};

const SRC: &str = r#"
#define ppcg_min(x,y) ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
#define max(a,b) ({ __typeof__ (a) _a = (a); __typeof__ (b) _b = (b); _a > _b ? _a : _b; })
struct F2 { float x, y; };
enum dir { dx, dy, dz };
struct __attribute__((packed)) P { char c; int i; short s; };
__device__ F2 mk(int a) { return (F2){ (float)a, (float)-2 * a }; }
__device__ int len(F2 p) { return (int)(p.x + p.y * 10); }
__device__ void sort4(int (&m)[4]) {
  for (int k = 0; k < 4; k++)
    for (int i = 0; i < 3; i++)
      if (m[i] > m[i + 1]) { int t = m[i]; m[i] = m[i + 1]; m[i + 1] = t; }
}
__global__ void k(int *o, int *dir, P *p) {
  __shared__ int sh[32];
  int t = threadIdx.x;
  int (*rows)[8] = reinterpret_cast<decltype(rows)>(sh);
  rows[t / 8][t % 8] = t * 3;
  __syncthreads();
  int *r = o + 16 * t;
  int m[4] = {7 - t, 3, 9, t};
  sort4(m);
  r[0] = m[0] * 1000 + m[1] * 100 + m[2] * 10 + m[3];
  double max = 0, temp = t;
  if (max < temp) max = temp;
  int s = 0;
  for (int c = 0; c <= ppcg_min(10, 3 * t + 1); c += 1) s += c;
  r[1] = s;
  r[2] = max(t, 2) + (int)max * 100;
  F2 a; a = {1.0f * t, 2.0f};
  r[3] = len(a) + len({3.0f, (float)t});
  r[4] = len(mk(t));
  dir[t] = dir::dz * 10 + dy;
  r[5] = rows[(3 - t) / 8][(3 - t) % 8];
  const unsigned char tab[] = "ABCDEFGH";
  r[6] = tab[t % 8] + sizeof(tab) * 1000;
  P q = p[t];
  q.i += t;
  q.s = q.c + 1;
  p[t] = q;
  r[7] = sizeof(P);
}
"#;

const KERNEL: &str = "_Z1kPiS_P1P";
const THREADS: usize = 4;

fn launch(mem: &mut Memory) -> (Launch, [ptxlab_sim::BufferId; 3]) {
    let o = mem.upload(&[0i32; 16 * THREADS]);
    let d = mem.upload(&[0i32; THREADS]);
    // Packed P: c at 0, i at 1..5, s at 5..7; 7 bytes each.
    let mut bytes = Vec::new();
    for t in 0..THREADS as i32 {
        bytes.push(10 + t as u8);
        bytes.extend_from_slice(&(1000 * t).to_le_bytes());
        bytes.extend_from_slice(&0i16.to_le_bytes());
    }
    let p = mem.upload(&bytes);
    let args = vec![
        ArgValue::Buffer(o),
        ArgValue::Buffer(d),
        ArgValue::Buffer(p),
    ];
    (
        Launch::new([1, 1, 1], [THREADS as u32, 1, 1], args),
        [o, d, p],
    )
}

/// What C++ says each thread computes.
fn want() -> (Vec<i32>, Vec<i32>, Vec<u8>) {
    let mut o = Vec::new();
    let mut bytes = Vec::new();
    for t in 0..THREADS as i32 {
        let mut m = [7 - t, 3, 9, t];
        m.sort();
        let lim = 10.min(3 * t + 1);
        let s: i32 = (0..=lim).sum();
        let tab = b"ABCDEFGH";
        o.extend([
            m[0] * 1000 + m[1] * 100 + m[2] * 10 + m[3],
            s,
            t.max(2) + t * 100,
            (t + 20) + (3 + 10 * t),
            t - 20 * t,
            (3 - t) * 3,
            i32::from(tab[(t % 8) as usize]) + 9000,
            7,
        ]);
        o.extend([0; 8]);
        bytes.push(10 + t as u8);
        bytes.extend_from_slice(&(1000 * t + t).to_le_bytes());
        bytes.extend_from_slice(&(11 + t as i16).to_le_bytes());
    }
    (o, vec![21; THREADS], bytes)
}

#[test]
fn real_declarators_and_initializers_run() {
    let (wo, wd, wp) = want();
    for level in [0, 3] {
        let opts = Options {
            opt_level: level,
            ..Options::default()
        };
        let m = compile_to_ir("t.cu", SRC, &NoFiles, &opts, None).unwrap();
        let mut mem = Memory::new();
        let (l, [o, d, p]) = launch(&mut mem);
        interp::run_kernel(&m, KERNEL, &l, &mut mem, &Config::default()).unwrap();
        assert_eq!(mem.download::<i32>(o), wo, "interpreter -O{level}");
        assert_eq!(mem.download::<i32>(d), wd, "interpreter -O{level}");
        assert_eq!(mem.download::<u8>(p), wp, "interpreter -O{level}");

        let ptx = compile_source("t.cu", SRC, &opts).ptx.unwrap();
        let m = emu::PtxModule::parse(&ptx).unwrap();
        let mut mem = Memory::new();
        let (l, [o, d, p]) = launch(&mut mem);
        emu::run_kernel(&m, KERNEL, &l, &mut mem, &Config::default()).unwrap();
        assert_eq!(mem.download::<i32>(o), wo, "PTX emulator -O{level}");
        assert_eq!(mem.download::<i32>(d), wd, "PTX emulator -O{level}");
        assert_eq!(mem.download::<u8>(p), wp, "PTX emulator -O{level}");
    }
}
