
// The run as a picture (web/ui/picture_control.go): the app draws each
// step (ui.PictureParts) and hands the parts here, as JSON, with the
// file's kind ("svg", "gif" or "png") and name. The script that makes the file
// (web/picture.js) is loaded the first time a reader asks, and it starts
// the picture encoder. report(what, n, detail) is told "progress" (n
// steps' work done), then "done" (n bytes downloaded) or "failed" (detail
// says why: "offline" where the script could not be loaded).
let dlockPictureScript = null;
window.dlockMakePicture = (kind, parts, name, report) => {
  if (!dlockPictureScript) {
    dlockPictureScript = new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = goappEnv.GOAPP_STATIC_RESOURCES_URL + "/picture.js";
      s.onload = () => (window.dlockPicture ? resolve() : reject(new Error("offline")));
      s.onerror = () => {
        dlockPictureScript = null;
        s.remove();
        reject(new Error("offline"));
      };
      document.head.appendChild(s);
    });
  }
  dlockPictureScript
    .then(() => window.dlockPicture(kind, parts, name, (done) => report("progress", done, "")))
    .then((size) => report("done", size, ""), (err) => report("failed", 0, String((err && err.message) || err)));
};
