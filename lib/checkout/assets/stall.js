// Kola stall page (/s/{code}): the only script of the stall's pages, hand-written, no dependencies.
// The pages work without it (the server tells the operator from the number; the status page
// reloads itself). With it: the operator is pre-chosen as the number is typed, the Pay button
// locks at once, and the status page long-polls its JSON instead of reloading.
(function () {
  "use strict";
  var d = document;

  // The operator from the number's prefix (the numbering plan's, lib/countries/operator-of-number.ts),
  // as long as the buyer did not choose one themselves.
  var phone = d.getElementById("phone");
  var operator = d.getElementById("operator");
  if (phone && operator) {
    var chosen = false;
    operator.addEventListener("change", function () {
      chosen = true;
    });
    phone.addEventListener("input", function () {
      if (chosen) return;
      var digits = phone.value.replace(/\D/g, "");
      var code = operator.getAttribute("data-cc") || "";
      if (/^\s*(\+|00)/.test(phone.value)) digits = digits.replace(/^00/, "").slice(code.length);
      var best = "";
      var length = 0;
      [].forEach.call(operator.options, function (o) {
        (o.getAttribute("data-p") || "").split(" ").forEach(function (p) {
          if (p && digits.indexOf(p) === 0 && p.length > length) {
            best = o.value;
            length = p.length;
          }
        });
      });
      operator.value = best;
    });
  }

  // One submit: a second tap does nothing (the form's token makes a re-sent form safe anyway).
  var form = d.getElementById("stall");
  if (form) {
    form.addEventListener("submit", function (event) {
      var button = form.querySelector("button[type=submit]");
      if (form.getAttribute("data-sent")) return event.preventDefault();
      form.setAttribute("data-sent", "1");
      button.disabled = true;
      button.textContent = form.getAttribute("data-busy");
    });
    // back to the form from the status page (the browser's page cache): it can be sent again
    window.addEventListener("pageshow", function (event) {
      if (!event.persisted) return;
      var button = form.querySelector("button[type=submit]");
      form.removeAttribute("data-sent");
      button.disabled = false;
      button.textContent = form.getAttribute("data-label");
    });
  }

  // The status page: wait for a change of status (the server holds the answer), then reload.
  var state = d.getElementById("state");
  if (state && window.fetch) {
    var url = state.getAttribute("data-poll");
    var seen = state.getAttribute("data-status");
    var poll = function (delay) {
      setTimeout(function () {
        fetch(url + "?wait=20&status=" + encodeURIComponent(seen), { credentials: "omit" })
          .then(function (res) {
            return res.ok ? res.json() : null;
          })
          .then(function (body) {
            if (body && body.status !== seen) return location.reload();
            poll(body ? 0 : 3000);
          })
          .catch(function () {
            poll(3000);
          });
      }, delay);
    };
    poll(0);
  }
})();
