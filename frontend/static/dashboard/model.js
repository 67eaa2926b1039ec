// The 3D artifact viewer: three.js (vendored, bundled) renders the GLB; drag to rotate.
"use strict";

(() => {
  const canvas = document.getElementById("model-canvas");
  const status = document.getElementById("model-status");
  if (!canvas || !window.LonghaulViewer) return;
  const background = getComputedStyle(document.documentElement).getPropertyValue("--panel").trim();
  window.LonghaulViewer.mount(canvas, canvas.dataset.src, background)
    .then(({ triangles }) => {
      canvas.dataset.loaded = "true";
      status.textContent = `${triangles} triangles. Drag to rotate, scroll to zoom.`;
    })
    .catch((error) => {
      status.textContent = `The model could not be shown: ${error.message || error}`;
    });
})();
