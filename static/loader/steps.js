// dlock's loader, part 2 of 3: the step path's hands (web/ui/steps.go).
// Once the app is live, a step of the run shown is drawn without go-app
// drawing the page: the app writes, for each step, the content of every
// part a step fills (an island: the cards, the clients, the action, the
// timeline so far) as HTML, and the value of every attribute or text a
// step sets (a patch: a button's aria-disabled, the counter, the live
// region), with the same Go that draws the page; this keeps them parsed,
// and shows a step in one call. It knows no model and no rule of the page:
// what to show comes from the app, as the frames the stepper shows come
// from the server.

// A var, so that it is the window's: the app finds it there.
var dlockSteps = {
  gen: 0, // the run the page drew: a new one each time go-app draws another
  ids: [], // each island's data-stepped, then each patch's
  islands: 0, // how many of ids are islands
  names: [], // each patch's attribute ("" for its text)
  els: null, // the elements, by index of ids, found once after a render
  frags: new Map(), // step → a fragment per island, for the run drawn
  htmls: new Map(), // step → the HTML of each island, for the run drawn
  values: new Map(), // step → a value per patch, for the page as last drawn

  // open starts a run drawn by go-app: its islands' and patches' ids
  // (each list joined by "\n"), and the patches' attributes.
  open(gen, islands, patches, names) {
    const list = (s) => (s === "" ? [] : s.split("\n"));
    this.gen = gen;
    this.ids = list(islands).concat(list(patches));
    this.islands = list(islands).length;
    this.names = patches === "" ? [] : names.split("\n");
    this.els = null;
    this.frags.clear();
    this.htmls.clear();
    this.values.clear();
  },

  // drawn is told that go-app has drawn the page again: the elements are
  // found anew, and the patches' values, which may depend on more than
  // the step (what predict mode says, the embed box's choices), are
  // written anew.
  drawn() {
    this.els = null;
    this.values.clear();
  },

  // elements finds each id's elements in the page.
  elements() {
    if (this.els) return this.els;
    const byId = new Map();
    for (const el of document.querySelectorAll("main [data-stepped]")) {
      const id = el.dataset.stepped;
      if (!byId.has(id)) byId.set(id, []);
      byId.get(id).push(el);
    }
    this.els = this.ids.map((id) => byId.get(id) || []);
    return this.els;
  },

  // putIslands keeps step's islands' content: HTML, joined by "\u0000";
  // SVG where the host is SVG.
  putIslands(step, htmls) {
    const els = this.elements();
    const parts = this.islands === 0 ? [] : htmls.split("\u0000");
    this.htmls.set(step, parts);
    this.frags.set(step, parts.map((html, i) => {
      const tpl = document.createElement("template");
      if (!(els[i][0] instanceof SVGElement)) {
        tpl.innerHTML = html;
        return tpl.content;
      }
      // An SVG element's children, written alone, would be read as HTML's.
      tpl.innerHTML = "<svg>" + html + "</svg>";
      const frag = document.createDocumentFragment();
      frag.append(...tpl.content.firstChild.childNodes);
      return frag;
    }));
  },

  // putValues keeps step's patches' values, joined by "\u0000".
  putValues(step, values) {
    this.values.set(step, values.split("\u0000"));
  },

  // fill gives every island go-app drew empty its content at step, and
  // keeps one the server drew (a part still as the loader's frame drew
  // it). The patches go-app has just drawn itself. It reports false where
  // step is not prepared.
  fill(step) {
    const els = this.elements();
    for (let i = 0; i < this.islands; i++) {
      for (const host of els[i]) {
        if (host.dlockGen === undefined && host.firstChild) this.mark(host, i, step);
      }
    }
    return this.show(step, false);
  },

  // mark marks host as holding island i at step of the run drawn.
  mark(host, i, step) {
    host.dlockGen = this.gen;
    host.dlockStep = step;
    host.dlockId = this.ids[i];
    host.dlockHtml = this.htmls.get(step)?.[i];
  },

  // show shows step: each island's content, and, with patches, each
  // patch's value, unless an element shows it already; focus on a
  // timeline's mark stays on the same mark. It reports false, changing
  // nothing, where step is not prepared, or an island is not in the page
  // once (a part still held as the loader's frame drew it).
  show(step, patches) {
    const frags = this.frags.get(step);
    const values = this.values.get(step);
    const els = this.elements();
    if (!frags || (patches && !values)) return false;
    for (let i = 0; i < this.islands; i++) if (els[i].length !== 1) return false;
    const active = document.activeElement;
    let focus = null;
    if (active && active.dataset && active.dataset.testid === "timeline-event") {
      const fig = active.closest("figure.timeline");
      if (fig) focus = 'figure.timeline[data-column="' + fig.dataset.column + '"] [data-testid="timeline-event"][data-step="' + active.dataset.step + '"]';
    }
    for (let i = 0; i < this.islands; i++) {
      const host = els[i][0];
      if (host.dlockGen === this.gen && host.dlockId === this.ids[i]) {
        if (host.dlockStep === step) continue;
        // An island whose content is the same at both steps (a card no
        // step between them changed) keeps its nodes: no work for the
        // browser's style and layout.
        if (host.dlockHtml !== undefined && host.dlockHtml === this.htmls.get(step)[i]) {
          this.mark(host, i, step);
          continue;
        }
      }
      host.replaceChildren(frags[i].cloneNode(true));
      this.mark(host, i, step);
    }
    for (let i = this.islands; patches && i < this.ids.length; i++) {
      const name = this.names[i - this.islands];
      const value = values[i - this.islands];
      for (const el of els[i]) {
        if (name !== "") {
          if (el.getAttribute(name) !== value) el.setAttribute(name, value);
          continue;
        }
        // The text go-app drew, changed in place: the node stays go-app's.
        // An element drawn with no text (by the server, for "") is given one.
        const t = el.firstChild;
        if (t && t.nodeType === 3 && !t.nextSibling) {
          if (t.nodeValue !== value) t.nodeValue = value;
        } else if (!t) {
          el.append(value);
        }
      }
    }
    if (focus) document.querySelector(focus)?.focus({ preventScroll: true });
    return true;
  },
};
