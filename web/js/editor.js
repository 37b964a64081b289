// The page's source editor: CodeMirror 6 with CUDA C highlighting, line
// numbers, diagnostics as underlines and linked-line highlighting. A thin view: the Rust app owns the text, the diagnostics and
// what is highlighted, and calls in through the functions exported here
// (index.html puts this module on `window.ptxlabEditor`; web/src/editor.rs
// binds it). Bundled by esbuild into dist/static/editor.js.

import { EditorState, StateEffect, StateField, Annotation } from "@codemirror/state";
import {
  EditorView,
  Decoration,
  keymap,
  lineNumbers,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  drawSelection,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { syntaxHighlighting, bracketMatching, indentOnInput, StreamLanguage } from "@codemirror/language";
import { classHighlighter } from "@lezer/highlight";
import { setDiagnostics } from "@codemirror/lint";

// Text set by the app, not typed: no change callback for it.
const fromApp = Annotation.define();

// CUDA C as a stream tokenizer: C++'s keywords and literals plus CUDA's
// qualifiers and built-ins. (@lezer/cpp's full C++ grammar would add 100 KB
// to the bundle and still read `__global__` as a plain name.)
const words = (s) => new Set(s.split(" "));
const KEYWORDS = words(
  "if else for while do switch case default break continue return goto sizeof typedef struct union enum " +
    "class template typename namespace using static extern inline const volatile constexpr auto register " +
    "static_cast reinterpret_cast const_cast new delete operator this true false nullptr",
);
const TYPES = words(
  "void bool char short int long float double signed unsigned size_t half " +
    "int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t " +
    "int2 int3 int4 uint2 uint3 uint4 float2 float3 float4 double2 dim3",
);
const CUDA = /^(?:__\w+__|__\w+|threadIdx|blockIdx|blockDim|gridDim|warpSize|atomic\w+)$/;
const cuda = StreamLanguage.define({
  name: "cuda",
  startState: () => ({ comment: false }),
  token(stream, state) {
    if (state.comment) {
      if (stream.skipTo("*/")) {
        stream.match("*/");
        state.comment = false;
      } else stream.skipToEnd();
      return "comment";
    }
    if (stream.eatSpace()) return null;
    if (stream.match("//")) return stream.skipToEnd(), "comment";
    if (stream.match("/*")) return (state.comment = true), "comment";
    if (stream.sol() && stream.match(/^#\s*\w+/)) return "meta";
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/) || stream.match(/^'(?:[^'\\]|\\.)*'?/)) return "string";
    if (stream.match(/^(?:0x[\da-f]+|(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)[ulf]*/i)) return "number";
    const word = stream.match(/^[A-Za-z_]\w*/);
    if (word) {
      const w = word[0];
      if (CUDA.test(w)) return "macroName";
      if (KEYWORDS.has(w)) return "keyword";
      if (TYPES.has(w)) return "typeName";
      return stream.peek() === "(" ? "variableName.function" : "variableName";
    }
    if (stream.match(/^[-+*/%=<>!&|^~?:]+/)) return "operator";
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: "//", block: { open: "/*", close: "*/" } } },
});

// Source lines linked to what the pointer is on in the IR or PTX panes.
const setLinked = StateEffect.define();
const linkedLine = Decoration.line({ class: "cm-linked" });
const linkedField = StateField.define({
  create: () => Decoration.none,
  update(deco, tr) {
    for (const e of tr.effects) {
      if (e.is(setLinked)) {
        const doc = tr.state.doc;
        const lines = [...new Set(e.value)].filter((n) => n >= 1 && n <= doc.lines).sort((a, b) => a - b);
        deco = Decoration.set(lines.map((n) => linkedLine.range(doc.line(n).from)));
      }
    }
    return deco.map(tr.changes);
  },
  provide: (f) => EditorView.decorations.from(f),
});

/**
 * Mounts an editor in `parent`.
 * callbacks: onChange(text), onCompile(), onHoverLine(line; 0 when none).
 */
export function create(parent, doc, onChange, onCompile, onHoverLine) {
  let hovered = 0;
  const hover = (line) => {
    if (line !== hovered) {
      hovered = line;
      onHoverLine(line);
    }
  };
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightSpecialChars(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        highlightActiveLine(),
        cuda,
        syntaxHighlighting(classHighlighter),
        linkedField,
        keymap.of([
          { key: "Mod-Enter", run: () => (onCompile(), true), preventDefault: true },
          ...defaultKeymap,
          ...historyKeymap,
          indentWithTab,
        ]),
        EditorView.updateListener.of((u) => {
          if (u.docChanged && !u.transactions.some((t) => t.annotation(fromApp))) {
            onChange(u.state.doc.toString());
          }
        }),
        EditorView.domEventHandlers({
          mousemove(event, view) {
            const pos = view.posAtCoords({ x: event.clientX, y: event.clientY });
            hover(pos == null ? 0 : view.state.doc.lineAt(pos).number);
          },
          mouseleave() {
            hover(0);
          },
        }),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ "aria-label": "CUDA C source" }),
      ],
    }),
  });
  return new Editor(view);
}

class Editor {
  constructor(view) {
    this.view = view;
  }

  /** Replaces the text (an example, a shared link); no change callback. */
  setDoc(text) {
    const state = this.view.state;
    if (state.doc.toString() === text) return;
    this.view.dispatch({
      changes: { from: 0, to: state.doc.length, insert: text },
      annotations: fromApp.of(true),
    });
  }

  /** Underlines diagnostics: [{ line, column, len, severity, message }], 1-based. */
  setDiagnostics(list) {
    const doc = this.view.state.doc;
    const diagnostics = [];
    for (const d of list) {
      if (d.line < 1 || d.line > doc.lines) continue;
      const line = doc.line(d.line);
      const from = Math.min(line.from + Math.max(d.column - 1, 0), line.to);
      let to = Math.min(from + Math.max(d.len, 1), line.to);
      // A span at the end of a line (a missing `;`) still gets a mark.
      const wide = to === from;
      diagnostics.push({
        from: wide && from > line.from ? from - 1 : from,
        to: wide ? Math.min(from + 1, doc.length) : to,
        severity: d.severity === "error" ? "error" : d.severity === "warning" ? "warning" : "info",
        message: d.message,
      });
    }
    this.view.dispatch(setDiagnostics(this.view.state, diagnostics));
  }

  /** Highlights these 1-based lines (an empty list clears). */
  setLinkedLines(lines) {
    this.view.dispatch({ effects: setLinked.of(Array.from(lines)) });
  }

  /** Puts the cursor at the start of a 1-based line and scrolls to it. */
  goToLine(line) {
    const doc = this.view.state.doc;
    if (line < 1 || line > doc.lines) return;
    const pos = doc.line(line).from;
    this.view.dispatch({ selection: { anchor: pos }, effects: EditorView.scrollIntoView(pos, { y: "center" }) });
    this.view.focus();
  }

  focus() {
    this.view.focus();
  }
}
