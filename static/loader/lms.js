
// The course in a learning management system (a SCORM 1.2 package: make
// scorm). Inside the LMS's frame the page finds the LMS's API as the
// standard says (window.API, in this window or one of its parents, then
// in its opener's), and reports the course's predict score and status
// whenever the course's progress changes (web/ui/course.go keeps it in
// localStorage): cmi.core.score.raw, the answers right of those given in
// the lessons done, in percent (min 0, max 100); cmi.core.lesson_status,
// incomplete until every lesson is done, then passed or failed by the
// package's mastery score, or completed where it has none; and the
// progress itself as cmi.suspend_data, which a learner's next visit, on
// another computer too, takes back. Outside an LMS nothing of this runs:
// no API, nothing sent; and only the package's page looks for one
// (dlockLessons is null in any other site).
const dlockLessons = {{.Lessons}};
(function () {
  if (!dlockLessons) return;
  const find = (win) => {
    for (let i = 0; win && i < 8; i++) {
      if (win.API) return win.API;
      if (!win.parent || win.parent === win) return null;
      win = win.parent;
    }
    return null;
  };
  let api = null;
  try {
    api = find(window) || (window.opener ? find(window.opener) : null);
  } catch (err) {
    return; // a frame of another origin: no LMS of ours
  }
  if (!api || String(api.LMSInitialize("")) !== "true") return;
  const get = (k) => String(api.LMSGetValue(k) || "");
  const set = (k, v) => api.LMSSetValue(k, String(v));
  const key = "dlock-course";
  const read = () => {
    try {
      return JSON.parse(localStorage.getItem(key) || "null") || {};
    } catch (err) {
      return {};
    }
  };
  // What the LMS kept of an earlier visit, added to this browser's.
  try {
    const kept = JSON.parse(get("cmi.suspend_data") || "null");
    if (kept && kept.lessons) {
      const here = read();
      here.lessons = Object.assign({}, kept.lessons, here.lessons || {});
      localStorage.setItem(key, JSON.stringify(here));
    }
  } catch (err) {}
  const lessons = new Set(dlockLessons);
  const mastery = parseFloat(get("cmi.student_data.mastery_score"));
  let said = "";
  let complete = false;
  const report = () => {
    const progress = read().lessons || {};
    let done = 0, right = 0, asked = 0;
    for (const [id, score] of Object.entries(progress)) {
      if (!lessons.has(id)) continue;
      done++;
      right += score.right | 0;
      asked += score.asked | 0;
    }
    const raw = asked ? Math.round((100 * right) / asked) : 0;
    complete = done >= lessons.size;
    const status = !complete ? "incomplete" : isNaN(mastery) ? "completed" : raw >= mastery ? "passed" : "failed";
    const now = raw + " " + status + " " + done;
    if (now === said) return;
    said = now;
    if (done > 0) {
      set("cmi.core.score.min", 0);
      set("cmi.core.score.max", 100);
      set("cmi.core.score.raw", raw);
    }
    set("cmi.core.lesson_status", status);
    set("cmi.suspend_data", JSON.stringify({ lessons: progress }));
    api.LMSCommit("");
  };
  report();
  // The course writes its progress to localStorage (a lesson done, or the
  // progress reset): each write is reported.
  for (const name of ["setItem", "removeItem"]) {
    const original = Storage.prototype[name];
    Storage.prototype[name] = function (k, ...rest) {
      const out = original.call(this, k, ...rest);
      if (k === key && this === window.localStorage) report();
      return out;
    };
  }
  addEventListener("pagehide", () => {
    report();
    set("cmi.core.exit", complete ? "" : "suspend");
    api.LMSFinish("");
  }, { once: true });
})();
