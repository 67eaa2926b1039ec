// The argument editor of a review request: checked against the tool's JSON schema as it is
// typed, with a line diff against the arguments the agent asked for. Approve stays disabled while
// the arguments are not valid; the server validates again and binds the approval to them.
"use strict";

(() => {
  const field = document.getElementById("id_arguments");
  if (!field) return;
  const schema = JSON.parse(document.getElementById("tool-schema").textContent);
  const original = JSON.parse(document.getElementById("original-arguments").textContent);
  const errors = document.getElementById("argument-errors");
  const diffWrap = document.getElementById("argument-diff-wrap");
  const diffNode = document.getElementById("argument-diff");
  const approve = document.getElementById("approve-button");
  const MAX_DIFF_LINES = 400;

  function lineDiff(before, after) {
    const a = before.split("\n");
    const b = after.split("\n");
    if (a.length > MAX_DIFF_LINES || b.length > MAX_DIFF_LINES) return null;
    const lcs = Array.from({ length: a.length + 1 }, () => new Array(b.length + 1).fill(0));
    for (let i = a.length - 1; i >= 0; i--) {
      for (let j = b.length - 1; j >= 0; j--) {
        lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
      }
    }
    const out = [];
    let i = 0;
    let j = 0;
    while (i < a.length && j < b.length) {
      if (a[i] === b[j]) { out.push(["ctx", ` ${a[i]}`]); i++; j++; }
      else if (lcs[i + 1][j] >= lcs[i][j + 1]) { out.push(["del", `-${a[i]}`]); i++; }
      else { out.push(["add", `+${b[j]}`]); j++; }
    }
    for (; i < a.length; i++) out.push(["del", `-${a[i]}`]);
    for (; j < b.length; j++) out.push(["add", `+${b[j]}`]);
    return out;
  }

  function showDiff(value) {
    const before = JSON.stringify(original, null, 2);
    const after = JSON.stringify(value, null, 2);
    diffWrap.hidden = before === after;
    diffNode.replaceChildren();
    if (before === after) return;
    const lines = lineDiff(before, after);
    if (lines === null) { diffNode.textContent = "Too long to compare here."; return; }
    for (const [kind, text] of lines) {
      const line = document.createElement("span");
      line.className = `line ${kind}`;
      line.textContent = text;
      diffNode.append(line);
    }
  }

  function check() {
    errors.replaceChildren();
    let problems = [];
    let value;
    try {
      value = JSON.parse(field.value);
      problems = window.LonghaulSchema.validate(schema, value);
    } catch (error) {
      problems = [`Not valid JSON: ${error.message}`];
    }
    for (const message of problems) {
      const item = document.createElement("li");
      item.textContent = message;
      errors.append(item);
    }
    approve.disabled = problems.length > 0;
    if (problems.length === 0) showDiff(value);
  }

  field.addEventListener("input", check);
  check();
})();
