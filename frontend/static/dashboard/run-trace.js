// The run page's trace (dashboard/runs/_trace.html) reloads as the run changes (htmx, on the
// `run-changed` event run-live.js sends). The calls a person had opened stay open across a
// reload; each one reopened fetches its prompt and completion again.
"use strict";

(() => {
  const trace = document.getElementById("run-trace");
  if (!trace) return;
  let opened = [];
  trace.addEventListener("htmx:beforeSwap", (event) => {
    if (event.detail.target !== trace) return;
    opened = Array.from(trace.querySelectorAll("details[open][data-key]"), (item) => item.dataset.key);
  });
  trace.addEventListener("htmx:afterSettle", (event) => {
    if (event.detail.target !== trace) return;
    for (const key of opened) {
      const item = trace.querySelector(`details[data-key="${CSS.escape(key)}"]`);
      if (item) item.open = true;
    }
  });
})();
