// report.js: the findings table of report.html. The findings come as
// JSON in #findings-data; the table shows one page of those the filters
// let through, built when shown, so a report of thousands opens at once.
// The filters, the order and the page live in the address's fragment,
// both ways: #reviewer=R&severity=high&status=open&q=text&sort=severity&page=2
// (sort=severity puts the most severe first; else the files' order,
// round by round). Choosing a filter sets the fragment; a new fragment
// (typed, a link, back and forward) refilters. A key or value the report
// cannot apply is said in #filter-problem, never dropped in silence.
(function () {
  "use strict";
  const PAGE = 100;
  const data = JSON.parse(document.getElementById("findings-data").textContent) || [];
  const form = document.getElementById("filters");
  const search = document.getElementById("f-q");
  const selects = {};
  form.querySelectorAll("select[data-key]").forEach(function (s) { selects[s.dataset.key] = s; });
  const order = document.getElementById("f-sort");
  const keys = Object.keys(selects).concat(["q", "sort", "page"]);
  const rank = { high: 0, medium: 1, low: 2 };
  const table = document.getElementById("findings");
  const body = table.tBodies[0];
  const problem = document.getElementById("filter-problem");
  const texts = data.map(function (f) {
    return [f.where, f.issue, f.fix, f.quote, f.reason, f.reviewer, f.key, f.category].join("\n").toLowerCase();
  });
  let page = 1;

  // values lists a select's own values (not "all", not one added for an
  // unknown value).
  function values(sel) {
    return Array.from(sel.options).filter(function (o) { return o.value && !o.dataset.unknown; }).map(function (o) { return o.value; });
  }

  // read turns a fragment into filters, with a sentence for each part of
  // it that the report cannot apply.
  function read(hash) {
    const state = { q: "", sort: "", page: 1 };
    const problems = [];
    Object.keys(selects).forEach(function (k) { state[k] = ""; });
    new URLSearchParams(hash.replace(/^#/, "")).forEach(function (v, k) {
      if (!keys.includes(k)) {
        problems.push("There is no filter \u201c" + k + "\u201d (the filters are " + keys.join(", ") + "); it is ignored.");
      } else if (k === "page") {
        if (/^[1-9][0-9]{0,6}$/.test(v)) state.page = Number(v);
        else problems.push("\u201c" + v + "\u201d is not a page number; showing page 1.");
      } else if (k === "q") {
        state.q = v;
      } else if (k === "sort") {
        if (v === "severity") state.sort = v;
        else problems.push("\u201c" + v + "\u201d is not an order (sort=severity puts the most severe first); showing the files' order.");
      } else {
        state[k] = v;
        if (v && !values(selects[k]).includes(v)) {
          const known = values(selects[k]);
          problems.push("No finding has " + k + " \u201c" + v + "\u201d: this report's are " + (known.length ? known.join(", ") : "none") + ". Choose another or show all.");
        }
      }
    });
    return { state: state, problems: problems };
  }

  // fragment is the canonical fragment of state (no "#").
  function fragment(state) {
    const p = new URLSearchParams();
    Object.keys(selects).forEach(function (k) { if (state[k]) p.set(k, state[k]); });
    if (state.q) p.set("q", state.q);
    if (state.sort) p.set("sort", state.sort);
    if (state.page > 1) p.set("page", String(state.page));
    return p.toString();
  }

  // choose sets the controls to state, adding an option for a value the
  // select does not have, so it never shows blank.
  function choose(state) {
    Object.keys(selects).forEach(function (k) {
      const sel = selects[k];
      sel.querySelectorAll("option[data-unknown]").forEach(function (o) { o.remove(); });
      if (state[k] && !values(sel).includes(state[k])) {
        const o = new Option(state[k] + " (not in this report)", state[k]);
        o.dataset.unknown = "1";
        sel.add(o);
      }
      sel.value = state[k];
    });
    if (search.value !== state.q) search.value = state.q;
    order.value = state.sort;
  }

  function matching(state) {
    const q = state.q.toLowerCase();
    const out = [];
    data.forEach(function (f, i) {
      if (state.reviewer && f.reviewer !== state.reviewer) return;
      if (state.severity && f.severity !== state.severity) return;
      if (state.status && f.status !== state.status) return;
      if (q && !texts[i].includes(q)) return;
      out.push(f);
    });
    if (state.sort === "severity") out.sort(function (a, b) { return (rank[a.severity] ?? 3) - (rank[b.severity] ?? 3); });
    return out;
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // rows builds a finding's row and its details row (hidden until opened).
  function rows(f, n) {
    const tr = el("tr", "st-" + f.status);
    tr.dataset.key = f.key;
    tr.dataset.reviewer = f.reviewer;
    tr.dataset.severity = f.severity;
    tr.dataset.status = f.status;
    tr.append(el("td", "where", f.where));
    const sev = el("td");
    sev.append(el("span", "sev-" + f.severity, f.severity));
    tr.append(sev);
    const issue = el("td");
    issue.append(el("div", "clamp", f.issue));
    tr.append(issue);
    const fix = el("td");
    fix.append(f.fix ? el("div", "clamp", f.fix) : el("span", "advice", "advice only"));
    tr.append(fix);
    tr.append(el("td", "status", f.label));
    const more = el("td");
    const btn = el("button", "more", "\u25b8");
    btn.type = "button";
    btn.setAttribute("aria-expanded", "false");
    btn.setAttribute("aria-controls", "d" + n);
    btn.setAttribute("aria-label", "Details of " + f.key);
    more.append(btn);
    tr.append(more);

    const details = el("tr", "details");
    details.id = "d" + n;
    details.hidden = true;
    const td = el("td");
    td.colSpan = 6;
    const dl = el("dl");
    [["reviewer", f.reviewer], ["round", String(f.round)], ["key", f.key], ["category", f.category],
      ["confidence", String(f.confidence)], ["quote", f.quote], ["reason", f.reason], ["decided by", f.by]].forEach(function (kv) {
      if (!kv[1]) return;
      dl.append(el("dt", "", kv[0]), el("dd", "", kv[1]));
    });
    td.append(dl);
    details.append(td);
    btn.addEventListener("click", function () {
      const open = details.hidden;
      details.hidden = !open;
      tr.classList.toggle("open", open);
      btn.setAttribute("aria-expanded", String(open));
      btn.textContent = open ? "\u25be" : "\u25b8";
    });
    return [tr, details];
  }

  // show draws what the fragment asks for.
  function show() {
    const r = read(location.hash);
    const state = r.state;
    choose(state);
    const found = matching(state);
    const pages = Math.max(1, Math.ceil(found.length / PAGE));
    if (state.page > pages) {
      r.problems.push("There is no page " + state.page + " of these findings; showing page " + pages + ", the last.");
      state.page = pages;
    }
    page = state.page;
    problem.textContent = r.problems.join(" ");
    problem.hidden = r.problems.length === 0;
    const from = (page - 1) * PAGE;
    const frag = document.createDocumentFragment();
    found.slice(from, from + PAGE).forEach(function (f, i) { frag.append(...rows(f, from + i)); });
    body.replaceChildren(frag);
    const all = data.length.toLocaleString("en");
    document.getElementById("count").textContent = data.length === 0 ? "The run has no findings." :
      found.length === 0 ? "No finding matches (" + all + " in all)." :
      "Showing " + (from + 1).toLocaleString("en") + "\u2013" + Math.min(from + PAGE, found.length).toLocaleString("en") +
      " of " + found.length.toLocaleString("en") + " finding(s)" + (found.length < data.length ? " (" + all + " in all)." : ".");
    document.getElementById("pageinfo").textContent = "page " + page + " of " + pages;
    document.getElementById("prev").disabled = page <= 1;
    document.getElementById("next").disabled = page >= pages;
    document.querySelector(".pager").hidden = pages === 1;
    table.dataset.fragment = location.hash; // what is drawn, for a reader waiting on it
  }

  // go puts state into the address; the hashchange it fires redraws.
  function go(state, replace) {
    const h = fragment(state);
    if (h === location.hash.replace(/^#/, "")) return show();
    if (replace) location.replace("#" + h);
    else location.hash = h;
  }

  function current() {
    const state = { q: search.value, sort: order.value, page: 1 };
    Object.keys(selects).forEach(function (k) { state[k] = selects[k].value; });
    return state;
  }

  Object.values(selects).concat([order]).forEach(function (s) { s.addEventListener("change", function () { go(current()); }); });
  let typing = 0;
  search.addEventListener("input", function () {
    clearTimeout(typing);
    typing = setTimeout(function () { go(current(), true); }, 250);
  });
  form.addEventListener("submit", function (e) { e.preventDefault(); go(current()); });
  document.getElementById("f-clear").addEventListener("click", function () { go({ q: "", sort: order.value, page: 1 }); });
  function turn(by) {
    const state = current();
    state.page = page + by;
    go(state);
    document.getElementById("findings-h").scrollIntoView();
  }
  document.getElementById("prev").addEventListener("click", function () { turn(-1); });
  document.getElementById("next").addEventListener("click", function () { turn(1); });
  window.addEventListener("hashchange", show);
  show();
  performance.mark("findings-ready");
})();
