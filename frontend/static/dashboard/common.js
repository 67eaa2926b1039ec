// Shared by every page: copy buttons, and refreshing the pending-approvals badge on demand.
// No inline script anywhere: the Content-Security-Policy allows only files from this origin.
"use strict";

document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-copy]");
  if (!button) return;
  const field = document.querySelector(button.dataset.copy);
  if (!field) return;
  field.select();
  const done = () => { button.textContent = "Copied"; };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(field.value).then(done, () => document.execCommand("copy") && done());
  } else if (document.execCommand("copy")) {
    done();
  }
});

// A form with data-confirm asks before it is sent (revoking a key cannot be undone). Asked
// here, the form says so, and the server does not ask again; without scripts the server shows
// its own confirmation page.
document.addEventListener("submit", (event) => {
  const form = event.target;
  const message = form.dataset ? form.dataset.confirm : undefined;
  if (!message) return;
  if (!window.confirm(message)) {
    event.preventDefault();
    return;
  }
  let answer = form.querySelector("input[name=confirmed]");
  if (!answer) {
    answer = document.createElement("input");
    answer.type = "hidden";
    answer.name = "confirmed";
    form.appendChild(answer);
  }
  answer.value = "yes";
});

window.longhaul = {
  refreshBadge() {
    document.body.dispatchEvent(new CustomEvent("refresh-badge"));
  },
};
