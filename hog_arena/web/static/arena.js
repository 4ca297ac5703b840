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
// reload, polling every few seconds until they are final. Rows are rebuilt
// with createElement and textContent only, never as HTML; ranks come as the
// server shares them (equal wins, equal rank); once the standings are final
// and the contest publishes its entries, a column links each team's entry
// page (data-entries: /contests/NAME/entries; its JSON is under /api).
document.addEventListener("DOMContentLoaded", () => {
  const status = document.getElementById("contest-status");
  const board = document.getElementById("contest-board");
  if (!status || !board || status.dataset.final === "true") return;
  const body = board.querySelector("tbody");
  // The signed-in team's entries: the rows to mark. The public leaderboard
  // names no team, so a signed-in page asks for its own entries again when
  // the standings change (a new entry of the team has a new id).
  let mine = new Set((board.dataset.mine || "").split(",").filter(Boolean));
  const refreshMine = async () => {
    if (board.dataset.signedIn !== "true") return;
    const reply = await fetch(board.dataset.mineUrl, { credentials: "same-origin" });
    if (reply.ok) mine = new Set((await reply.json()).entries.map((entry) => String(entry.id)));
  };
  const show = (id, text) => { const el = document.getElementById(id); if (el) el.textContent = text; };
  const cell = (text, className) => {
    const td = document.createElement("td");
    td.textContent = text;
    if (className) td.className = className;
    return td;
  };
  const entryCell = (row) => {
    const td = document.createElement("td");
    if (row.entry_id !== null && row.entry_id !== undefined) {
      const link = document.createElement("a");
      link.href = `${status.dataset.entries}/${encodeURIComponent(row.entry_id)}`;
      link.textContent = `#${row.entry_id}`;
      td.appendChild(link);
    }
    return td;
  };
  const rowOf = (row, published, exact) => {
    const tr = document.createElement("tr");
    if (row.entry_id !== null && mine.has(String(row.entry_id))) tr.className = "mine";
    else if (row.baseline) tr.className = "baseline";
    tr.append(
      cell(row.baseline ? "–" : String(row.rank), "num rank"),
      cell(row.baseline ? `${row.team_name} (baseline)` : row.team_name, ""),
      cell(String(row.wins), "num"),
      cell(String(row.losses), "num"),
      cell(row.mean_win_rate === null ? "-" : row.mean_win_rate.toFixed(exact ? 4 : 3), "num"),
    );
    if (published) tr.appendChild(entryCell(row));
    return tr;
  };
  const entryColumn = () => {
    const head = board.querySelector("thead tr");
    if (head.children.length < 6) {
      const th = document.createElement("th");
      th.textContent = "Entry";
      head.appendChild(th);
    }
  };
  // The matrix picture of the standings shown; one refused (a busy server)
  // is asked for again at the next poll.
  const figure = document.getElementById("contest-matrix");
  let pictureFailed = false;
  if (figure) figure.querySelector("img").addEventListener("error", () => { pictureFailed = true; });
  const showMatrix = (data) => {
    if (!figure) return;
    pictureFailed = false;
    figure.hidden = data.rows.length === 0;
    const img = figure.querySelector("img");
    const version = `updated=${encodeURIComponent(data.updated)}${data.final ? "&final" : ""}`;
    if (data.rows.length) img.src = `${img.dataset.src}?${version}`;
  };
  // Once the contest is closed: when it closed, and no more submit form.
  const closed = (data) => {
    const closes = document.getElementById("contest-closes");
    if (closes && data.closes) {
      const time = document.createElement("time");
      time.dateTime = data.closes;
      time.textContent = `${data.closes.replace("T", " ").slice(0, 16)} UTC`;
      closes.replaceChildren("closed ", time);
    }
    const form = document.getElementById("contest-submit");
    if (form) form.hidden = true;
    const note = document.getElementById("contest-closed");
    if (note) note.hidden = false;
  };
  let shown = status.dataset.updated || null;
  // One request at a time: the next poll is set once this one is done.
  const refresh = async () => {
    const reply = await fetch(status.dataset.leaderboard, { headers: { Accept: "application/json" } });
    if (!reply.ok) return false;
    const data = await reply.json();
    if (data.updated !== shown) await refreshMine(); // before the page changes, so it changes at once
    show("contest-state", data.final ? "final standings"
      : (data.state === "ranking" ? "live: deadline passed, ranking the last entries" : "live"));
    show("contest-entries", String(data.entries));
    show("contest-queued", String(data.queued));
    show("contest-updated", data.updated ? `${data.updated.replace("T", " ").slice(0, 19)} UTC` : "never");
    if (data.state !== "open") closed(data);
    const published = data.final && status.dataset.publish !== "none";
    if (data.updated !== shown || published) {
      if (published) entryColumn();
      body.replaceChildren(...data.rows.map((row) => rowOf(row, published, data.exact)));
      const empty = document.getElementById("contest-empty");
      if (empty) empty.hidden = data.rows.length > 0;
      shown = data.updated;
      showMatrix(data);
    } else if (pictureFailed) {
      showMatrix(data);
    }
    return data.final;
  };
  const poll = async () => {
    let final = false;
    try { final = await refresh(); } catch (error) { /* the next poll tries again */ }
    if (!final) setTimeout(poll, 5000);
  };
  setTimeout(poll, 5000);
});
