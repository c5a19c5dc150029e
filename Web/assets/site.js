// Cartelera: client search, shake and club filters over search-index.json; TV now, channel days and the grid following
// the reader's clock from the schedule already in the page; images that fail to load taken out. Pages work without it.
(function () {
  "use strict";
  // The reader's clock, in seconds since 1970.
  function clock() { return Date.now() / 1000; }
  // Formats in the guide's zone (data-zone), the page's language: "21:05", and "mié 25" for a day.
  function formats(zone) {
    var lang = document.documentElement.lang || "es";
    function make(options) {
      try { return new Intl.DateTimeFormat(lang, Object.assign({ timeZone: zone || undefined }, options)); } catch (error) {
        return new Intl.DateTimeFormat(lang, options);
      }
    }
    var time = make({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    var weekday = make({ weekday: "short" }), day = make({ day: "numeric" });
    return {
      time: function (seconds) { return time.format(new Date(seconds * 1000)); },
      day: function (seconds) { var date = new Date(seconds * 1000); return weekday.format(date) + " " + day.format(date); }
    };
  }
  function fold(text) {
    return String(text).normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  function element(name, text, attributes) {
    var node = document.createElement(name);
    if (text) { node.textContent = text; }
    Object.keys(attributes || {}).forEach(function (key) { node.setAttribute(key, attributes[key]); });
    return node;
  }
  // "YYYY-MM-DD" of an instant in a zone.
  function localDate(zone, seconds) {
    var date = new Date(seconds * 1000);
    try {
      return new Intl.DateTimeFormat("en-CA", { timeZone: zone || undefined, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
    } catch (error) { return date.toISOString().slice(0, 10); }
  }
  function safeHref(href) { return /^[A-Za-z0-9._\/%-]+$/.test(href) ? href : null; }

  function setUpSearch(form) {
    var results = document.querySelector("[data-results]");
    var root = form.getAttribute("data-root");
    var shake = form.querySelector("[data-shake]");
    var local = formats(form.getAttribute("data-zone")), utc = formats("UTC");
    var index = null;
    function filters() {
      var data = new FormData(form);
      return { text: fold(data.get("q") || "").trim(), kind: data.get("kind") || "", type: data.get("type") || "",
               genre: data.get("genre") || "", music: data.get("music") || "", free: data.get("free") === "1" };
    }
    // Each match with what it shows after its title, and whether it is over: over ones go last, so a search does not
    // open on airings already past. Programmes: [title, path, type, genres, channel, start, stop]; clubs: [name, path,
    // music, free, city]; nights: [title, path, music, free, venue, "YYYY-MM-DD"].
    function matches(f) {
      // Until 06:00 the night out is still last night's.
      var now = clock(), evening = localDate(form.getAttribute("data-zone"), now - 6 * 3600);
      var found = [], over = [];
      function words(item) { return !f.text || fold(item[0]).indexOf(f.text) !== -1; }
      if (!f.kind || f.kind === "programme") {
        index.programmes.forEach(function (p) {
          if (words(p) && (!f.type || p[2] === f.type) && (!f.genre || p[3].split(",").indexOf(f.genre) !== -1)) {
            var item = { title: p[0], href: p[1], detail: p[4], when: local.day(p[5]) + " · " + local.time(p[5]), past: p[6] <= now };
            (item.past ? over : found).push(item);
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
            var noon = Date.parse(n[5] + "T12:00:00Z") / 1000;
            var night = { title: n[0], href: n[1], detail: n[4], when: isNaN(noon) ? "" : utc.day(noon), past: n[5] < evening };
            (night.past ? over : found).push(night);
          }
        });
      }
      return found.concat(over);
    }
    function entry(item, name) {
      var node = element(name, null, item.past ? { "class": "past" } : {});
      var href = safeHref(item.href);
      node.appendChild(href ? element("a", item.title, { href: root + href }) : element("span", item.title));
      if (item.detail) { node.appendChild(document.createTextNode(" · " + item.detail)); }
      if (item.when) {
        node.appendChild(document.createTextNode(" · "));
        node.appendChild(element("span", item.when, { "class": "when" }));
      }
      return node;
    }
    function show(items, single) {
      results.textContent = "";
      if (items.length === 0) { results.appendChild(element("p", form.getAttribute("data-none") || "—")); return; }
      // The shake's one pick is not a list of one.
      if (single) { results.appendChild(entry(items[0], "p")).className = "pick"; return; }
      var list = element("ol");
      items.slice(0, 200).forEach(function (item) { list.appendChild(entry(item, "li")); });
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
          show(found.length ? [found[Math.floor(Math.random() * found.length)]] : [], true);
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

  // TV now: each row's schedule (links in a <template data-upcoming>, with their start and stop) read against the reader's
  // clock, so the programme on now, its minutes left and what comes next stay right between builds.
  function setUpTVNow(table) {
    var label = table.getAttribute("data-minutes-left") || "min";
    var rows = Array.prototype.map.call(table.querySelectorAll("tr[data-channel]"), function (row) {
      var template = row.querySelector("template[data-upcoming]");
      var schedule = template ? Array.prototype.slice.call(template.content.querySelectorAll("a[data-stop]")) : [];
      return { row: row, schedule: schedule.map(function (link) {
        return { start: Number(link.getAttribute("data-start")), stop: Number(link.getAttribute("data-stop")), link: link };
      }) };
    });
    function title(entry) {
      var href = safeHref(entry.link.getAttribute("href") || "");
      var text = entry.link.querySelector("span") ? entry.link.querySelector("span").textContent : entry.link.textContent;
      return href ? element("a", text, { href: href }) : element("span", text);
    }
    return function (now) {
      rows.forEach(function (item) {
        var current = null, next = null;
        item.schedule.forEach(function (entry) {
          if (entry.start <= now && now < entry.stop) { current = entry; } else if (entry.start > now && (!next || entry.start < next.start)) { next = entry; }
        });
        var nowCell = item.row.querySelector("[data-now]"), nextCell = item.row.querySelector("[data-next]");
        nowCell.textContent = "";
        if (current) {
          nowCell.appendChild(title(current));
          nowCell.appendChild(document.createTextNode(" "));
          var left = element("span", null, { "class": "left" });
          left.appendChild(element("span", String(Math.ceil((current.stop - now) / 60)), { "data-left": "" }));
          left.appendChild(document.createTextNode(" " + label));
          nowCell.appendChild(left);
        } else { nowCell.textContent = "—"; }
        nextCell.textContent = "";
        if (next) {
          var time = next.link.querySelector("time");
          if (time) { nextCell.appendChild(document.importNode(time, true)); nextCell.appendChild(document.createTextNode(" ")); }
          nextCell.appendChild(title(next));
        } else { nextCell.textContent = "—"; }
      });
    };
  }

  // A channel's day: the programme on the air is the one marked.
  function setUpSchedule(list) {
    var items = Array.prototype.slice.call(list.querySelectorAll("li[data-stop]"));
    var badge = list.getAttribute("data-on-now") || "";
    return function (now) {
      items.forEach(function (item) {
        var on = Number(item.getAttribute("data-start")) <= now && now < Number(item.getAttribute("data-stop"));
        if (on === item.classList.contains("current")) { return; }
        item.classList.toggle("current", on);
        if (on) {
          item.id = "now";
          if (!item.querySelector(".badge")) { item.appendChild(element("strong", badge, { "class": "badge" })); }
        } else {
          if (item.id === "now") { item.removeAttribute("id"); }
          var old = item.querySelector(".badge");
          if (old) { old.parentNode.removeChild(old); }
        }
      });
    };
  }

  // The grid: the line at the reader's time (drawn from the left edge of the ruler row's cell for the current slot, nudged
  // within it), the programmes on the air marked, and the box scrolled to now once.
  function setUpGrid(box) {
    var start = Number(box.getAttribute("data-start")), end = Number(box.getAttribute("data-end")), slot = Number(box.getAttribute("data-slot"));
    var line = box.querySelector("[data-line]"), cells = Array.prototype.slice.call(box.querySelectorAll("td[data-stop]"));
    var scrolled = false;
    if (!line || !(slot > 0)) { return function () {}; }
    return function (now) {
      cells.forEach(function (cell) {
        var on = Number(cell.getAttribute("data-start")) <= now && now < Number(cell.getAttribute("data-stop"));
        cell.classList.toggle("current", on);
        if (on) { cell.setAttribute("aria-current", "time"); } else { cell.removeAttribute("aria-current"); }
      });
      var old = line.querySelector(".grid-now");
      if (old) { old.classList.remove("grid-now"); old.removeAttribute("id"); }
      var mark = now >= start && now < end ? line.cells[1 + Math.floor((now - start) / slot)] : null;
      if (!mark) { return; }
      mark.classList.add("grid-now");
      mark.id = "now";
      var width = mark.getBoundingClientRect().width;
      mark.style.setProperty("--offset", (((now - start) % slot) / slot * width).toFixed(1) + "px");
      if (!scrolled) {
        scrolled = true;
        var channels = line.cells[0].getBoundingClientRect().width;
        var left = mark.getBoundingClientRect().left - line.cells[1].getBoundingClientRect().left;
        box.scrollLeft = Math.max(0, left - (box.clientWidth - channels) / 4);
      }
    };
  }

  // Every live part of the page, brought to the reader's clock now and every 20 seconds; the sentence saying when the
  // page was built gives way to the reader's time.
  function setUpLive() {
    var sentence = document.querySelector("[data-clock]");
    var say = formats(sentence ? sentence.getAttribute("data-zone") : "");
    var updates = [];
    var table = document.querySelector("table.now[data-minutes-left]");
    if (table) { updates.push(setUpTVNow(table)); }
    Array.prototype.forEach.call(document.querySelectorAll("ol.schedule[data-on-now]"), function (list) { updates.push(setUpSchedule(list)); });
    Array.prototype.forEach.call(document.querySelectorAll("[data-grid]"), function (box) { updates.push(setUpGrid(box)); });
    if (updates.length === 0) { return; }
    function tick() {
      var now = clock();
      updates.forEach(function (update) { update(now); });
      if (sentence) {
        var live = sentence.querySelector("[data-live]"), built = sentence.querySelector("[data-built]");
        live.querySelector("[data-live-time]").textContent = say.time(now);
        live.hidden = false;
        if (built) { built.hidden = true; }
      }
    }
    tick();
    window.setInterval(tick, 20000);
    // A reader coming back to the tab after a while sees the present at once, not 20 seconds later.
    document.addEventListener("visibilitychange", function () { if (!document.hidden) { tick(); } });
  }

  // An image that cannot be loaded leaves no empty box: it is taken out, with the figure around it.
  function dropBrokenImage(image) {
    var holder = image.closest("figure") || image;
    if (holder.parentNode) { holder.parentNode.removeChild(holder); }
  }
  document.addEventListener("error", function (event) {
    if (event.target && event.target.tagName === "IMG") { dropBrokenImage(event.target); }
  }, true);

  document.addEventListener("DOMContentLoaded", function () {
    Array.prototype.forEach.call(document.querySelectorAll("img"), function (image) {
      if (image.complete && image.naturalWidth === 0 && image.getAttribute("src")) { dropBrokenImage(image); }
    });
    setUpLive();
    var mine = document.querySelector("[data-mine]"), now = document.querySelector("table.now");
    if (mine && now) { setUpMyChannels(mine, now); }
    var search = document.querySelector("form[data-search]");
    if (search) { setUpSearch(search); }
    var clubs = document.querySelector("form[data-clubs]");
    if (clubs) { setUpClubs(clubs); }
  });
}());
