// Cartelera: client search, shake and club filters over search-index.json. Pages work without it.
(function () {
  "use strict";
  function fold(text) {
    return String(text).normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  function element(name, text, attributes) {
    var node = document.createElement(name);
    if (text) { node.textContent = text; }
    Object.keys(attributes || {}).forEach(function (key) { node.setAttribute(key, attributes[key]); });
    return node;
  }
  function safeHref(href) { return /^[A-Za-z0-9._\/%-]+$/.test(href) ? href : null; }

  function setUpSearch(form) {
    var results = document.querySelector("[data-results]");
    var root = form.getAttribute("data-root");
    var shake = form.querySelector("[data-shake]");
    var index = null;
    function filters() {
      var data = new FormData(form);
      return { text: fold(data.get("q") || "").trim(), kind: data.get("kind") || "", type: data.get("type") || "",
               genre: data.get("genre") || "", music: data.get("music") || "", free: data.get("free") === "1" };
    }
    function matches(f) {
      var found = [];
      function words(item) { return !f.text || fold(item[0]).indexOf(f.text) !== -1; }
      if (!f.kind || f.kind === "programme") {
        index.programmes.forEach(function (p) {
          if (words(p) && (!f.type || p[2] === f.type) && (!f.genre || p[3].split(",").indexOf(f.genre) !== -1)) {
            found.push({ title: p[0], href: p[1], detail: p[4] });
          }
        });
      }
      if (!f.kind || f.kind === "club") {
        index.clubs.forEach(function (c) {
          if (words(c) && (!f.music || c[2].split(",").indexOf(f.music) !== -1) && (!f.free || c[3] === 1)) {
            found.push({ title: c[0], href: c[1], detail: c[4] });
          }
        });
      }
      if (!f.kind || f.kind === "night") {
        index.nights.forEach(function (n) {
          if (words(n) && (!f.music || n[2].split(",").indexOf(f.music) !== -1) && (!f.free || n[3] === 1)) {
            found.push({ title: n[0], href: n[1], detail: n[4] });
          }
        });
      }
      return found;
    }
    function show(items) {
      results.textContent = "";
      if (items.length === 0) { results.appendChild(element("p", form.getAttribute("data-none") || "—")); return; }
      var list = element("ol");
      items.slice(0, 200).forEach(function (item) {
        var entry = element("li");
        var href = safeHref(item.href);
        entry.appendChild(href ? element("a", item.title, { href: root + href }) : element("span", item.title));
        if (item.detail) { entry.appendChild(document.createTextNode(" · " + item.detail)); }
        list.appendChild(entry);
      });
      results.appendChild(list);
    }
    function withIndex(then) {
      if (index) { then(); return; }
      fetch(form.getAttribute("data-search")).then(function (reply) { return reply.json(); })
        .then(function (json) { index = json; then(); })
        .catch(function () {
          results.textContent = "";
          results.appendChild(element("p", form.getAttribute("data-unavailable") || "—"));
        });
    }
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      withIndex(function () { show(matches(filters())); });
    });
    if (shake) {
      shake.hidden = false;
      shake.addEventListener("click", function () {
        withIndex(function () {
          var found = matches(filters());
          show(found.length ? [found[Math.floor(Math.random() * found.length)]] : []);
        });
      });
    }
    // Only the filters that apply to the chosen kind are shown (music and free entry are for clubs and nights).
    function showFilters() {
      var kind = form.elements.kind ? form.elements.kind.value : "";
      Array.prototype.forEach.call(form.querySelectorAll("[data-for]"), function (label) {
        var applies = !kind || label.getAttribute("data-for") === kind || (kind === "night" && label.getAttribute("data-for") === "club");
        label.hidden = !applies;
        Array.prototype.forEach.call(label.querySelectorAll("select, input"), function (field) { field.disabled = !applies; });
      });
    }
    if (form.elements.kind) { form.elements.kind.addEventListener("change", showFilters); }
    showFilters();
    var query = new URLSearchParams(window.location.search);
    if (query.get("q") !== null) {
      ["q", "kind", "type", "genre", "music"].forEach(function (name) {
        var field = form.elements[name];
        if (field && query.get(name) !== null) { field.value = query.get(name); }
      });
      withIndex(function () { show(matches(filters())); });
    }
  }

  function setUpClubs(form) {
    form.hidden = false;
    var list = document.querySelector("[data-club-list]");
    var count = document.querySelector("[data-club-count]");
    var near = form.querySelector("[data-near]");
    function apply() {
      var data = new FormData(form);
      var music = data.get("music") || "", free = data.get("free") === "1", rating = parseFloat(data.get("rating") || "0") || 0;
      var shown = 0;
      Array.prototype.forEach.call(list.children, function (item) {
        var ok = (!music || item.getAttribute("data-music").split(",").indexOf(music) !== -1) &&
          (!free || item.getAttribute("data-free") === "1") && (parseFloat(item.getAttribute("data-rating") || "0") >= rating);
        item.hidden = !ok;
        if (ok) { shown += 1; }
      });
      if (count) { count.textContent = count.textContent.replace(/^\d+/, String(shown)); }
    }
    form.addEventListener("change", apply);
    form.addEventListener("submit", function (event) { event.preventDefault(); apply(); });
    if (near && navigator.geolocation) {
      near.hidden = false;
      near.addEventListener("click", function () {
        navigator.geolocation.getCurrentPosition(function (position) {
          var lat = position.coords.latitude, lon = position.coords.longitude;
          function distance(item) {
            var a = parseFloat(item.getAttribute("data-lat")), b = parseFloat(item.getAttribute("data-lon"));
            if (isNaN(a) || isNaN(b)) { return Infinity; }
            var r = Math.PI / 180, dLat = (a - lat) * r, dLon = (b - lon) * r;
            var h = Math.sin(dLat / 2) * Math.sin(dLat / 2) + Math.cos(lat * r) * Math.cos(a * r) * Math.sin(dLon / 2) * Math.sin(dLon / 2);
            return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
          }
          Array.prototype.slice.call(list.children)
            .map(function (item) { return [distance(item), item]; })
            .sort(function (x, y) { return x[0] - y[0]; })
            .forEach(function (pair) { list.appendChild(pair[1]); });
        });
      });
    }
  }

  // The reader's own channels: starred in TV now, kept in this browser's storage, shown alone on request.
  function setUpMyChannels(control, table) {
    var stored = {};
    try { stored = JSON.parse(window.localStorage.getItem("cartelera.myChannels") || "{}") || {}; } catch (error) { stored = {}; }
    var mine = Array.isArray(stored.channels) ? stored.channels.filter(function (id) { return typeof id === "string"; }) : [];
    var only = control.querySelector("[data-mine-only]");
    only.checked = stored.only === true && mine.length > 0;
    function save() {
      try { window.localStorage.setItem("cartelera.myChannels", JSON.stringify({ channels: mine, only: only.checked })); } catch (error) { return; }
    }
    function apply() {
      Array.prototype.forEach.call(table.querySelectorAll("tr[data-channel]"), function (row) {
        var chosen = mine.indexOf(row.getAttribute("data-channel")) !== -1;
        row.querySelector("[data-star]").setAttribute("aria-pressed", chosen ? "true" : "false");
        row.hidden = only.checked && !chosen;
      });
    }
    Array.prototype.forEach.call(table.querySelectorAll("[data-star]"), function (star) {
      star.hidden = false;
      star.addEventListener("click", function () {
        var id = star.parentNode.parentNode.getAttribute("data-channel"), at = mine.indexOf(id);
        if (at === -1) { mine.push(id); } else { mine.splice(at, 1); }
        save();
        apply();
      });
    });
    only.addEventListener("change", function () { save(); apply(); });
    control.hidden = false;
    apply();
  }

  document.addEventListener("DOMContentLoaded", function () {
    var mine = document.querySelector("[data-mine]"), now = document.querySelector("table.now");
    if (mine && now) { setUpMyChannels(mine, now); }
    var search = document.querySelector("form[data-search]");
    if (search) { setUpSearch(search); }
    var clubs = document.querySelector("form[data-clubs]");
    if (clubs) { setUpClubs(clubs); }
  });
}());
