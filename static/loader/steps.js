// dlock's loader, part 2 of 3: the step path's hands (web/ui/steps.go).
// Once the app is live, a step of the run shown is drawn without go-app
// drawing the page: the app writes, for each step, the content of every
// part a step fills (an island: the cards, the clients, the action, the
// timeline so far) as HTML, and the value of every attribute or text a
// step sets (a patch: a button's aria-disabled, the counter, the live
// region), with the same Go that draws the page; this keeps them parsed,
// and shows a step in one call. While the browser is idle it works out
// what each step key would change in the page as it is (plan), so that
// the key's frame only makes those changes. It knows no model and no rule
// of the page: what to show comes from the app, as the frames the stepper
// shows come from the server.

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
  // targets: the step each step command leads to, where a step is all it
  // changes and the page shows the app's state (the app arms them: arm);
  // pending: the command of a key shown here that the app has not heard of
  // yet; tell: the app's function that does a command as its key would.
  targets: null,
  pending: null,
  tell: null,
  // at: the step last shown; behind: a part left for later (show, lazy).
  at: 0,
  behind: false,
  // plans: step → for each island, the changes that make it show that
  // step (plan), worked out while the browser is idle for the steps the
  // keys are armed for, so that a key's frame only makes them; planning:
  // such work is asked for. A plan holds while its island's nodes are as
  // they were (dlockTouch, which the step path's own changes and, through
  // watch, anyone else's move on). fromPlan and withoutPlan count the
  // islands a step's frame changed from a plan and without one.
  plans: new Map(),
  planning: false,
  watch: null,
  fromPlan: 0,
  withoutPlan: 0,

  // open starts a run drawn by go-app: its islands' and patches' ids
  // (each list joined by "\n"), and the patches' attributes.
  open(gen, islands, patches, names) {
    const list = (s) => (s === "" ? [] : s.split("\n"));
    this.gen = gen;
    this.targets = null;
    this.ids = list(islands).concat(list(patches));
    this.islands = list(islands).length;
    this.names = patches === "" ? [] : names.split("\n");
    this.els = null;
    this.frags.clear();
    this.htmls.clear();
    this.values.clear();
    this.plans.clear();
  },

  // arm is told by the app, after each change it makes, which step each
  // step command ("first", "prev", "next", "last") leads to, as
  // "command=step" items joined by spaces: "" where a key does more than
  // step (predict mode, play, a part held), and the app must hear it first.
  arm(targets) {
    this.targets = null;
    for (const item of targets.split(" ")) {
      const [command, step] = item.split("=");
      if (step) (this.targets ??= {})[command] = +step;
    }
    this.planLater();
  },

  // planLater has planAhead run when the browser is idle.
  planLater() {
    if (!this.targets || this.planning) return;
    this.planning = true;
    const idle = window.requestIdleCallback || ((f) => setTimeout(f, 50));
    idle((deadline) => this.planAhead(deadline), { timeout: 400 });
  },

  // planAhead works out, while the browser is idle, the changes to each
  // island a step key would make (next and back first), a step at a time:
  // the rest in the next idle period.
  planAhead(deadline) {
    this.planning = false;
    const targets = this.targets;
    if (!targets) return;
    const els = this.elements();
    const order = [targets.next, targets.prev, targets.last, targets.first];
    let made = 0;
    for (const step of order) {
      if (!step || step === this.at || !this.frags.has(step) || this.planned(step)) continue;
      // One step a call at least; more while the idle period lasts (not
      // once it was called for want of one).
      if (made > 0 && (!deadline || deadline.didTimeout || deadline.timeRemaining() < 1)) {
        this.planLater();
        return;
      }
      made++;
      const frags = this.frags.get(step);
      const plan = [];
      for (let i = 0; i < this.islands; i++) {
        const host = els[i].length === 1 ? els[i][0] : null;
        if (!host || host.dlockGen !== this.gen || host.dlockId !== this.ids[i]) continue;
        const ops = [];
        this.plan(host, frags[i], ops);
        plan[i] = { host, touch: host.dlockTouch, ops };
      }
      this.plans.set(step, plan);
    }
  },

  // planned reports whether step's plan holds for every island as it is:
  // an island drawn for the run since the plan was made has no part in it,
  // and is planned then too.
  planned(step) {
    const plan = this.plans.get(step);
    if (!plan) return false;
    const els = this.elements();
    for (let i = 0; i < this.islands; i++) {
      const p = plan[i];
      if (p && (els[i][0] !== p.host || p.host.dlockTouch !== p.touch)) return false;
      const host = els[i].length === 1 ? els[i][0] : null;
      if (!p && host && host.dlockGen === this.gen && host.dlockId === this.ids[i]) return false;
    }
    return true;
  },

  // key shows, as the key is pressed, the step an armed step key leads to,
  // before the app hears of it: the step is drawn in the frame the key
  // asks for. The app is told once that frame is drawn (flush), and draws
  // nothing more, having been shown the step already. Any other key, a key
  // where the step is not prepared, and a key at a timeline's mark (which
  // moves between marks) are the app's, as are keys in text fields and
  // with a modifier (dlockKeyCommand).
  key(e) {
    this.flush();
    const targets = this.targets;
    if (!targets || e.defaultPrevented) return;
    const command = dlockKeyCommand(e);
    const step = command && targets[command];
    const t = e.target;
    if (!step || (t && t.closest && t.closest('[data-testid="timeline-event"]'))) return;
    if (!this.show(step, true, true)) return;
    e.preventDefault();
    e.stopPropagation();
    this.targets = null;
    this.pending = command;
    requestAnimationFrame(() => setTimeout(() => this.flush(), 0));
  },

  // flush tells the app of a key shown and not yet told: before anything
  // else reaches it (another key, a click, a move in the history, the
  // page going, printing), so that it hears of every event in order.
  flush() {
    const command = this.pending;
    if (command === null) return;
    this.pending = null;
    this.targets = null;
    if (this.tell) this.tell(command);
  },

  // catchUp shows what show left for later, at the step shown.
  catchUp() {
    if (!this.behind) return;
    this.behind = false;
    this.show(this.at, true, false);
    this.planLater(); // the islands it changed are planned anew
  },

  // drawn is told that go-app has drawn the page again: the elements are
  // found anew, and the patches' values, which may depend on more than
  // the step (what predict mode says, the embed box's choices), are
  // written anew.
  drawn() {
    this.targets = null;
    this.els = null;
    this.values.clear();
    this.plans.clear();
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
    // A change to an island's nodes made by anything but the step path
    // (the step path takes its own records: show) spoils its plans.
    this.watch ??= new MutationObserver((records) => this.spoil(records));
    this.spoil(this.watch.takeRecords());
    this.watch.disconnect();
    for (let i = 0; i < this.islands; i++) {
      for (const host of this.els[i]) {
        host.dlockTouch ??= 0;
        this.watch.observe(host, { subtree: true, childList: true, attributes: true, characterData: true });
      }
    }
    return this.els;
  },

  // spoil moves on the islands whose nodes records changed: their plans no
  // longer hold.
  spoil(records) {
    for (const r of records) {
      let n = r.target;
      while (n && n.dlockTouch === undefined) n = n.parentNode;
      if (n) n.dlockTouch++;
    }
    if (records.length) this.planLater();
  },

  // putIslands keeps step's islands' content: HTML, joined by "\u0000";
  // SVG where the host is SVG.
  putIslands(step, htmls) {
    const els = this.elements();
    const parts = this.islands === 0 ? [] : htmls.split("\u0000");
    this.htmls.set(step, parts);
    this.plans.delete(step); // made from the content it had
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
    this.planLater();
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

  // morph makes live's children those of want (a step's parsed content,
  // never shown itself), changing only what differs (plan).
  morph(live, want) {
    const ops = [];
    this.plan(live, want, ops);
    for (const op of ops) op();
  },

  // plan adds to ops the changes that make live's children those of want,
  // without making them: a node the same as the wanted one stays as it
  // is; one of the same kind and name keeps its node, its attributes and
  // then its children made the wanted ones; any other is replaced by a
  // copy of the wanted node. Each change is worked out from live as it is
  // before any of them, and they are made in order.
  plan(live, want, ops) {
    let l = live.firstChild;
    for (let w = want.firstChild; w; w = w.nextSibling) {
      if (!l) {
        const copy = w.cloneNode(true);
        ops.push(() => live.append(copy));
        continue;
      }
      const node = l;
      if (l.isEqualNode(w)) {
        // As wanted.
      } else if (l.nodeType !== w.nodeType || l.nodeName !== w.nodeName || l.namespaceURI !== w.namespaceURI) {
        const copy = w.cloneNode(true);
        ops.push(() => live.replaceChild(copy, node));
      } else if (l.nodeType === 1) {
        for (const a of l.attributes) {
          if (!w.hasAttributeNS(a.namespaceURI, a.localName)) {
            const ns = a.namespaceURI, name = a.localName;
            ops.push(() => node.removeAttributeNS(ns, name));
          }
        }
        for (const a of w.attributes) {
          if (l.getAttributeNS(a.namespaceURI, a.localName) !== a.value) {
            const ns = a.namespaceURI, name = a.name, value = a.value;
            ops.push(() => node.setAttributeNS(ns, name, value));
          }
        }
        this.plan(l, w, ops);
      } else {
        const value = w.nodeValue;
        ops.push(() => (node.nodeValue = value));
      }
      l = l.nextSibling;
    }
    for (; l; l = l.nextSibling) {
      const node = l;
      ops.push(() => node.remove());
    }
  },

  // mark marks host as holding island i at step of the run drawn.
  mark(host, i, step) {
    host.dlockTouch = (host.dlockTouch ?? 0) + 1; // what a plan was made from is gone
    host.dlockMarked = host.dlockTouch;
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
  //
  // lazy: what the reader cannot see now (a part the page hides, such as
  // the printed handout, a closed transcript, a phone's bar on a laptop)
  // and the links' addresses are left for when the browser is idle, or
  // before printing, a click, a pointer or focus reaching them (catchUp),
  // so that a key's frame does only what shows.
  show(step, patches, lazy) {
    const frags = this.frags.get(step);
    const values = this.values.get(step);
    const els = this.elements();
    if (!frags || (patches && !values)) return false;
    for (let i = 0; i < this.islands; i++) if (els[i].length !== 1) return false;
    if (this.watch) this.spoil(this.watch.takeRecords()); // changes not yet heard of
    // What differs from step, read before anything changes (the page's
    // style is then as drawn, and reading what is seen costs nothing more).
    const islands = [];
    for (let i = 0; i < this.islands; i++) {
      const host = els[i][0];
      if (host.dlockGen === this.gen && host.dlockId === this.ids[i]) {
        // As the step path left it (nothing else has changed its nodes
        // since: mark, spoil), it may be kept as it is.
        const kept = host.dlockTouch === host.dlockMarked;
        if (kept && host.dlockStep === step) continue;
        // An island whose content is the same at both steps (a card no
        // step between them changed) keeps its nodes: no work for the
        // browser's style and layout.
        if (kept && host.dlockHtml !== undefined && host.dlockHtml === this.htmls.get(step)[i]) {
          host.dlockStep = step; // its nodes, and any plan made from them, as they were
          continue;
        }
        islands.push([i, host, true]);
      } else {
        islands.push([i, host, false]);
      }
    }
    const changes = [];
    for (let i = this.islands; patches && i < this.ids.length; i++) {
      const name = this.names[i - this.islands];
      const value = values[i - this.islands];
      for (const el of els[i]) {
        if (name === "" ? el.textContent !== value : el.getAttribute(name) !== value) changes.push([el, name, value]);
      }
    }
    const later = (el, name) => lazy && (name === "href" || !el.checkVisibility());
    const shown = islands.filter(([i, host, same]) => !(same && later(host)));
    const set = changes.filter(([el, name]) => !later(el, name));
    const behind = shown.length < islands.length || set.length < changes.length;
    const active = document.activeElement;
    let focus = null;
    if (active && active.dataset && active.dataset.testid === "timeline-event") {
      const fig = active.closest("figure.timeline");
      if (fig) focus = 'figure.timeline[data-column="' + fig.dataset.column + '"] [data-testid="timeline-event"][data-step="' + active.dataset.step + '"]';
    }
    for (const [i, host, same] of shown) {
      const planned = this.plans.get(step)?.[i];
      if (same && planned && planned.host === host && planned.touch === host.dlockTouch) {
        // Worked out while the browser was idle, from these very nodes;
        // should they have changed otherwise, worked out again.
        try {
          for (const op of planned.ops) op();
          this.fromPlan++;
        } catch {
          this.morph(host, frags[i]);
          this.withoutPlan++;
        }
      } else if (same) {
        if (lazy) this.withoutPlan++; // in a step's frame, not one left for later
        // The same island at another step: only what differs changes, so
        // that the browser styles, lays out and shapes the text of as few
        // nodes as it can.
        this.morph(host, frags[i]);
      } else {
        host.replaceChildren(frags[i].cloneNode(true));
      }
      this.mark(host, i, step);
    }
    for (const [el, name, value] of set) {
      if (name !== "") {
        el.setAttribute(name, value);
        continue;
      }
      // The text go-app drew, changed in place: the node stays go-app's.
      // An element drawn with no text (by the server, for "") is given one.
      const t = el.firstChild;
      if (t && t.nodeType === 3 && !t.nextSibling) {
        t.nodeValue = value;
      } else if (!t) {
        el.append(value);
      }
    }
    this.watch?.takeRecords(); // the step path's own
    this.plans.delete(step); // its copies are in the page now
    this.at = step;
    if (behind && !this.behind) {
      this.behind = true;
      const idle = window.requestIdleCallback || ((f) => setTimeout(f, 50));
      idle(() => this.catchUp(), { timeout: 300 });
    }
    if (focus) document.querySelector(focus)?.focus({ preventScroll: true });
    return true;
  },
};

// Keys are seen first here, at the window as they start (the app listens
// at the document); anything else the app answers first hears of a key
// shown here before it.
window.addEventListener("keydown", (e) => dlockSteps.key(e), true);
for (const type of ["pointerdown", "click", "input", "change", "popstate", "pagehide", "beforeprint"]) {
  window.addEventListener(type, () => dlockSteps.flush(), true);
}
// What a step left for later comes first where the reader may reach it.
for (const type of ["pointerover", "pointerdown", "focusin", "contextmenu", "copy", "beforeprint", "resize", "toggle"]) {
  window.addEventListener(type, () => dlockSteps.catchUp(), true);
}
