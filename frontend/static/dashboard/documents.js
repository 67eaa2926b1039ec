// Upload with a live progress bar: the bytes going up (XMLHttpRequest's upload progress), then
// ingestion (extraction, chunking, embedding) over the websocket /ws/documents/{id} until 100 %.
"use strict";

(() => {
  const form = document.getElementById("upload-form");
  if (!form) return;
  const box = document.getElementById("upload-progress");
  const label = document.getElementById("upload-label");
  const bar = document.getElementById("upload-bar");
  const percent = document.getElementById("upload-percent");

  function show(text, value) {
    box.hidden = false;
    label.textContent = text;
    bar.value = value;
    bar.textContent = `${value}%`;
    percent.textContent = `${value}%`;
  }

  function follow(documentInfo) {
    if (documentInfo.status === "ready") { show(`Ready: ${documentInfo.title}`, 100); refreshList(); return; }
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}${documentInfo.progress_url}`);
    socket.addEventListener("message", (event) => {
      const update = JSON.parse(event.data);
      if (update.status === "ready") {
        show(`Ready: ${documentInfo.title} (${update.chunk_count} chunks)`, 100);
        socket.close();
        refreshList();
      } else if (update.status === "failed") {
        show(`Failed: ${update.error}`, Number(update.percent) || 0);
        box.classList.add("failed");
        socket.close();
        refreshList();
      } else {
        show(`Ingesting ${documentInfo.title}…`, Number(update.percent) || 0);
      }
    });
  }

  function refreshList() {
    if (window.htmx) {
      window.htmx.ajax("GET", location.pathname, { target: "#document-list", select: "#document-list", swap: "outerHTML" });
    }
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    box.classList.remove("failed");
    const request = new XMLHttpRequest();
    request.open("POST", form.action);
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (progress) => {
      if (progress.lengthComputable) show("Uploading…", Math.round((100 * progress.loaded) / progress.total));
    });
    request.addEventListener("load", () => {
      let body = {};
      try { body = JSON.parse(request.responseText); } catch (error) { body = { error: request.statusText }; }
      if (request.status >= 400) { show(`Refused: ${body.error}`, 0); box.classList.add("failed"); return; }
      show(`Ingesting ${body.title}…`, body.percent || 0);
      refreshList();  // the new document is listed at once, then again when it is ready
      follow(body);
      form.reset();
    });
    request.addEventListener("error", () => show("The upload failed; check the connection and try again.", 0));
    request.send(new FormData(form));
  });
})();
