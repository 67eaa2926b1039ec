// The run page, live: a websocket on /ws/runs/{id} (the session cookie authenticates it) says
// that events exist; the timeline fetches them, rendered and escaped by the server, after the
// last sequence number it shows. A dropped socket reconnects with ?after=<last seq>, so nothing
// is missed or shown twice.
"use strict";

(() => {
  const timeline = document.getElementById("timeline");
  if (!timeline) return;
  const runId = timeline.dataset.run;
  const url = timeline.dataset.timelineUrl;
  const state = document.getElementById("live-state");
  const summary = document.getElementById("run-summary");
  const SUMMARY_KINDS = /^(step\.completed|run\.|approval\.)/;
  const FINAL = new Set(["run.finished", "run.failed", "run.cancelled"]);
  const live = { lastSeq: Number(timeline.dataset.lastSeq) || 0, socket: null, attempts: 0 };
  let fetching = false;
  let again = false;
  let summaryTimer = null;

  function show(text) {
    if (state) state.textContent = text;
  }

  function refreshSummary() {
    clearTimeout(summaryTimer);
    summaryTimer = setTimeout(() => window.htmx && window.htmx.trigger(summary, "run-changed"), 250);
  }

  async function pull() {
    if (fetching) { again = true; return; }
    fetching = true;
    try {
      const reply = await fetch(`${url}?after=${live.lastSeq}`, { headers: { "HX-Request": "true" } });
      if (!reply.ok) return;
      const template = document.createElement("template");
      template.innerHTML = await reply.text();
      for (const item of Array.from(template.content.children)) {
        const seq = Number(item.dataset.seq);
        if (seq > live.lastSeq) {
          timeline.append(item);
          live.lastSeq = seq;
        }
      }
      timeline.dataset.lastSeq = String(live.lastSeq);
    } finally {
      fetching = false;
      if (again) { again = false; pull(); }
    }
  }

  function onEvent(message) {
    if (message.seq <= live.lastSeq) return;
    pull();
    if (SUMMARY_KINDS.test(message.kind)) refreshSummary();
    if (message.kind.startsWith("approval.")) window.longhaul.refreshBadge();
    if (FINAL.has(message.kind)) show("finished");
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/runs/${runId}?after=${live.lastSeq}`);
    live.socket = socket;
    socket.addEventListener("open", () => {
      live.attempts = 0;
      show("live");
      pull();  // whatever arrived while disconnected
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "event") onEvent(message);
    });
    socket.addEventListener("close", (event) => {
      if (live.socket !== socket) return;
      if (event.code === 4401 || event.code === 4404) { show("not available"); return; }
      show("reconnecting…");
      const delay = Math.min(15000, 250 * 2 ** live.attempts++);
      setTimeout(connect, delay);
    });
  }

  // For tests and the curious: drop the socket as a network failure would.
  live.drop = () => live.socket && live.socket.close();
  window.longhaulLive = live;
  connect();
})();
