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

// A form with data-confirm asks before it is sent (revoking a key cannot be undone).
document.addEventListener("submit", (event) => {
  const message = event.target.dataset ? event.target.dataset.confirm : undefined;
  if (message && !window.confirm(message)) event.preventDefault();
});

window.longhaul = {
  refreshBadge() {
    document.body.dispatchEvent(new CustomEvent("refresh-badge"));
  },
};
