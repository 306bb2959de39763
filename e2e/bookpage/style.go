//go:build !wasm

package main

// style is the style sheet of the Vue replica of the book's demo, as it is, so
// the two pages lay out and paint the same.
const style = `
:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1b1f24; --muted: #5b6470; --line: #d5dae0; --card: #f6f8fa;
  --accent: #1f6feb; --ok: #1a7f37; --ok-bg: #dafbe1; --ng: #cf222e; --ng-bg: #ffebe9;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0d1117; --fg: #e6edf3; --muted: #9aa4af; --line: #30363d; --card: #161b22;
    --accent: #4493f8; --ok: #3fb950; --ok-bg: #12261e; --ng: #f85149; --ng-bg: #2d1214;
  }
}
* { box-sizing: border-box; }
body { margin: 0; padding: 24px 16px; background: var(--bg); color: var(--fg);
  font: 15px/1.6 system-ui, -apple-system, "Segoe UI", "Hiragino Sans", "Noto Sans JP", sans-serif; }
.mono, code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.demo { max-width: 720px; margin: 0 auto; border: 1px solid var(--line); border-radius: 10px; padding: 16px 18px; }
.head { display: flex; justify-content: space-between; align-items: flex-start; gap: 12px; }
.kicker { font-size: 12px; color: var(--muted); letter-spacing: .08em; }
.title { margin: 0; font-size: 18px; }
.badge { white-space: nowrap; font-size: 13px; padding: 2px 10px; border-radius: 999px; border: 1px solid var(--line); color: var(--muted); }
.badge.good { color: var(--ok); background: var(--ok-bg); border-color: var(--ok); }
.badge.bad { color: var(--ng); background: var(--ng-bg); border-color: var(--ng); }
.toprow { display: flex; justify-content: space-between; align-items: center; gap: 12px; margin: 14px 0; flex-wrap: wrap; }
.switch { display: inline-flex; align-items: center; gap: 0; border: 1px solid var(--line); border-radius: 8px; overflow: hidden; }
.switch-label { padding: 4px 10px; color: var(--muted); font-size: 13px; }
.switch button { border: 0; border-left: 1px solid var(--line); background: transparent; color: var(--fg); padding: 4px 14px; font: inherit; cursor: pointer; }
.switch button.on { background: var(--accent); color: #fff; }
button { font: inherit; }
.primary { background: var(--accent); color: #fff; border: 0; border-radius: 8px; padding: 6px 16px; cursor: pointer; }
.primary:disabled { opacity: .45; cursor: default; }
.cards { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
@media (max-width: 560px) { .cards { grid-template-columns: 1fr; } }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; }
.card h2 { margin: 0 0 6px; font-size: 14px; display: flex; align-items: center; gap: 8px; }
.tag { font-size: 11px; padding: 0 8px; border-radius: 999px; border: 1px solid; }
.tag.on { color: var(--ok); } .tag.off { color: var(--ng); }
dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 12px; margin: 0; }
dt { color: var(--muted); font-size: 13px; } dd { margin: 0; }
.value { font-size: 26px; font-weight: 600; margin: 2px 0 6px; }
.alert { color: var(--ng); font-weight: 700; }
.action { display: flex; align-items: center; gap: 10px; margin: 14px 0 6px; padding: 8px 12px; border-left: 4px solid var(--line); background: var(--card); border-radius: 4px; flex-wrap: wrap; }
.action.accepted { border-left-color: var(--ok); } .action.rejected { border-left-color: var(--ng); }
.chip { display: inline-block; min-width: 26px; text-align: center; border-radius: 999px; background: var(--accent); color: #fff; font-weight: 700; font-size: 13px; padding: 0 8px; }
.res { font-size: 12px; padding: 1px 8px; border-radius: 4px; }
.res.ok { color: var(--ok); background: var(--ok-bg); } .res.ng { color: var(--ng); background: var(--ng-bg); }
.note { margin: 6px 0 12px; min-height: 3.2em; }
.footer { display: flex; justify-content: center; align-items: center; gap: 8px; }
.footer button { background: transparent; color: var(--fg); border: 1px solid var(--line); border-radius: 6px; padding: 3px 12px; cursor: pointer; }
.footer button:disabled { opacity: .4; cursor: default; }
.counter { min-width: 56px; text-align: center; font-variant-numeric: tabular-nums; }
.legend { margin: 14px 0 0; font-size: 13px; color: var(--muted); border-top: 1px solid var(--line); padding-top: 10px; }
`
