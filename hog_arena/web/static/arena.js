// Hog Arena: a sprinkle of JavaScript; every page also works without it.
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  // Leaderboard: the bars of the mean win rates (widths set here, as the
  // Content-Security-Policy allows no inline styles).
  for (const bar of document.querySelectorAll(".bar[data-width]")) {
    bar.style.width = `${Number(bar.dataset.width)}%`;
  }

  // Upload form: refuse a file over the limit before sending it, and show
  // that the sandbox is at work while the server checks the file.
  const upload = document.getElementById("upload");
  if (upload) {
    const outcome = document.getElementById("outcome");
    upload.addEventListener("submit", (event) => {
      const file = upload.elements.file.files[0];
      const limit = Number(upload.dataset.limit);
      if (file && file.size > limit) {
        event.preventDefault();
        outcome.hidden = false;
        outcome.className = "message error";
        outcome.textContent = `refused ${file.name}: the file is over the ${upload.dataset.limitText} limit for strategy files`;
        return;
      }
      const button = upload.querySelector("button[type=submit]");
      button.disabled = true;
      button.textContent = "Checking in the sandbox…";
    });
  }

  // Game: the digit keys roll that many dice.
  const roll = document.getElementById("roll");
  if (roll) {
    let sent = false;
    roll.addEventListener("submit", () => { sent = true; });
    document.addEventListener("keydown", (event) => {
      if (sent || event.ctrlKey || event.metaKey || event.altKey) return;
      const button = roll.querySelector(`button[data-key="${event.key}"]`);
      if (button) button.click();
    });
  }
});
