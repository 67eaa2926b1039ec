// The start form: the input is checked against the chosen workflow's JSON schema as it is typed
// (the server checks again and has the last word).
"use strict";

(() => {
  const form = document.getElementById("run-form");
  const catalogNode = document.getElementById("workflow-catalog");
  if (!form || !catalogNode) return;
  const catalog = JSON.parse(catalogNode.textContent);
  const workflow = form.querySelector("[name=workflow]");
  const input = form.querySelector("[name=input]");
  const errors = document.getElementById("input-errors");

  function schema() {
    const entry = catalog.find((item) => item.name === workflow.value);
    return entry ? entry.input_schema : { type: "object" };
  }

  function example(current) {
    const out = {};
    for (const name of current.required || []) {
      const type = (current.properties || {})[name]?.type;
      out[name] = type === "string" ? "" : type === "integer" || type === "number" ? 0 : null;
    }
    return JSON.stringify(out, null, 2);
  }

  function check() {
    errors.replaceChildren();
    let value;
    try {
      value = JSON.parse(input.value || "{}");
    } catch (error) {
      value = undefined;
      const item = document.createElement("li");
      item.textContent = `Not valid JSON: ${error.message}`;
      errors.append(item);
      return;
    }
    for (const message of window.LonghaulSchema.validate(schema(), value)) {
      const item = document.createElement("li");
      item.textContent = message;
      errors.append(item);
    }
  }

  workflow.addEventListener("change", () => {
    if (!input.value.trim() || input.value.trim() === "{}") input.value = example(schema());
    check();
  });
  input.addEventListener("input", check);
  if (!input.value.trim()) input.value = example(schema());
})();
