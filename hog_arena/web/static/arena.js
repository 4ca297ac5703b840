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

// Contest page: the leaderboard follows the published standings without a
// reload (the rows are rebuilt as text, never as HTML).
document.addEventListener("DOMContentLoaded", () => {
  const status = document.getElementById("contest-status");
  const board = document.getElementById("contest-board");
  if (!status || !board) return;
  const body = board.querySelector("tbody");
  const show = (id, text) => { const el = document.getElementById(id); if (el) el.textContent = text; };
  let last = null;
  const refresh = async () => {
    try {
      const reply = await fetch(status.dataset.leaderboard, { headers: { Accept: "application/json" } });
      if (!reply.ok) return;
      const data = await reply.json();
      show("contest-state", data.final ? "final standings" : (data.state === "ranking" ? "live: deadline passed, ranking the last entries" : "live"));
      show("contest-entries", String(data.entries));
      show("contest-queued", String(data.queued));
      show("contest-updated", data.updated ? data.updated.replace("T", " ").slice(0, 19) + " UTC" : "never");
      if (data.updated === last) return;
      last = data.updated;
      const rows = data.rows.map((row) => {
        const tr = document.createElement("tr");
        const cells = [String(row.rank), row.team_name, String(row.wins), String(row.losses),
                       row.mean_win_rate === null ? "-" : row.mean_win_rate.toFixed(4)];
        cells.forEach((text, k) => {
          const td = document.createElement("td");
          td.textContent = text;
          if (k !== 1) td.className = "num";
          tr.appendChild(td);
        });
        return tr;
      });
      if (!board.querySelector("th:nth-child(6)")) body.replaceChildren(...rows);
      if (data.final) clearInterval(timer);
    } catch (error) { /* the next poll tries again */ }
  };
  const timer = setInterval(refresh, 5000);
});
