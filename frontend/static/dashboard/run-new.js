// The start form: the chosen workflow's fields are described beside the form, its template
// replaces an untouched input when the workflow changes, and the input is checked against the
// workflow's JSON schema on every change, with Start disabled while it is not valid (the server
// checks again and has the last word).
"use strict";

(() => {
  const form = document.getElementById("run-form");
  const catalogNode = document.getElementById("workflow-catalog");
  if (!form || !catalogNode) return;
  const catalog = JSON.parse(catalogNode.textContent);
  const workflow = form.querySelector("[name=workflow]");
  const input = form.querySelector("[name=input]");
  const errors = document.getElementById("input-errors");
  const start = document.getElementById("start-button");
  const state = document.getElementById("start-state");
  input.setAttribute("aria-describedby", "input-hint input-errors");

  function entry() {
    return catalog.find((item) => item.name === workflow.value);
  }

  function normalized(text) {
    try {
      return JSON.stringify(JSON.parse(text || "{}"));
    } catch (error) {
      return null;
    }
  }

  // An input nobody has written in yet: blank, {} or one of the workflows' templates.
  function untouched() {
    const now = normalized(input.value);
    return now === "{}" || catalog.some((item) => normalized(item.template) === now);
  }

  function problems() {
    let value;
    try {
      value = JSON.parse(input.value.trim() || "{}");
    } catch (error) {
      return [`Not valid JSON: ${error.message}`];
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      return ['Must be a JSON object, like {"task": "..."}.'];
    }
    const current = entry();
    return window.LonghaulSchema.validate(current ? current.input_schema : { type: "object" }, value);
  }

  function check() {
    const found = problems();
    errors.replaceChildren(...found.map((message) => {
      const item = document.createElement("li");
      item.textContent = message;
      return item;
    }));
    start.disabled = found.length > 0;
    input.setAttribute("aria-invalid", String(found.length > 0));
    state.textContent = found.length ? "Start is available once the input is valid." : "";
  }

  function showFields() {
    for (const doc of document.querySelectorAll(".schema-doc")) {
      doc.hidden = doc.dataset.workflow !== workflow.value;
    }
  }

  workflow.addEventListener("change", () => {
    const current = entry();
    if (current && untouched()) input.value = current.template;
    showFields();
    check();
  });
  input.addEventListener("input", check);
  showFields();
  check();
})();
