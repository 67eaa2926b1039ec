// Usage charts (Chart.js, local). The numbers are always in the tables beside them.
"use strict";

(() => {
  if (!window.Chart) return;
  const style = getComputedStyle(document.documentElement);
  const ink = style.getPropertyValue("--ink").trim() || "#1d2430";
  const line = style.getPropertyValue("--line").trim() || "#dfe3ea";
  const palette = ["--chart-1", "--chart-2", "--chart-3", "--chart-4", "--chart-5"].map(
    (name) => style.getPropertyValue(name).trim() || "#2456d6",
  );
  window.Chart.defaults.color = ink;
  window.Chart.defaults.borderColor = line;
  window.Chart.defaults.animation = false;

  function data(id) {
    const node = document.getElementById(id);
    return node ? JSON.parse(node.textContent) : null;
  }

  function bar(canvasId, labels, datasets, options = {}) {
    const canvas = document.getElementById(canvasId);
    if (!canvas) return;
    new window.Chart(canvas, {
      type: "bar",
      data: { labels, datasets },
      options: { responsive: true, maintainAspectRatio: false, ...options },
    });
  }

  const days = data("usage-days");
  if (days) {
    const datasets = days.series.map((series, i) => ({
      label: series.label, data: series.data, backgroundColor: palette[i % palette.length],
    }));
    bar("chart-days", days.labels, datasets, { scales: { x: { stacked: true }, y: { stacked: true } } });
  }
  for (const [id, canvasId] of [["usage-keys", "chart-keys"], ["usage-workflows", "chart-workflows"]]) {
    const rows = data(id) || [];
    bar(canvasId, rows.map((row) => row.name), [
      { label: "tokens", data: rows.map((row) => row.tokens), backgroundColor: palette[0] },
    ], { indexAxis: "y", plugins: { legend: { display: false } } });
  }
})();
