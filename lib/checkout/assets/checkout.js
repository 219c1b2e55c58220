// Kola hosted checkout: the only script of the pages, hand-written, no dependencies. The pages
// work without it (plain form post, meta refresh); with it, the operator list follows the country,
// the form is sent once by fetch, and the waiting screen polls the payment's status.
(function () {
  "use strict";
  var d = document;
  function $(id) {
    return d.getElementById(id);
  }

  // « Carte bancaire »: the billing details show, and are required, only when it is chosen; the
  // phone is then any number in international form, and the button says what a card pays.
  var cardBox = $("card");
  var mmWords = null;
  function syncCard() {
    var op = $("operator");
    var tel = $("phone");
    if (!cardBox || !op || !tel) return;
    var isCard = op.value === "CARD";
    var label = d.querySelector('label[for="phone"]');
    var hint = $("phone-hint");
    var dial = $("dial");
    var button = d.querySelector("#pay button[type=submit]");
    var amount = d.querySelector(".sum .amount");
    var split = d.querySelector(".sum .split[data-card]");
    var place = $("country") && $("country").parentNode;
    if (!mmWords) mmWords = { label: label ? label.firstChild.textContent : "", button: button ? button.textContent : "", dialHidden: dial ? dial.hidden : true, amount: amount ? amount.textContent : "", split: split ? split.textContent : "" };
    cardBox.hidden = !isCard;
    // a card is no country's: the country (which lists the wallets) steps aside, the amount says what a card pays
    if (place) place.hidden = isCard;
    if (amount) amount.textContent = isCard ? cardBox.getAttribute("data-card-amount") : mmWords.amount;
    if (split) split.textContent = isCard ? split.getAttribute("data-card") : mmWords.split;
    var only = $("card-only");
    if (only) only.hidden = true;
    [].forEach.call(cardBox.querySelectorAll("[data-card-required]"), function (el) {
      el.required = isCard;
      el.disabled = !isCard;
    });
    if (label) label.firstChild.textContent = isCard ? tel.getAttribute("data-card-label") : mmWords.label;
    if (hint && isCard) hint.textContent = tel.getAttribute("data-card-hint");
    if (dial) dial.hidden = isCard || mmWords.dialHidden;
    if (button && !button.disabled) button.textContent = isCard ? cardBox.getAttribute("data-card-total") : mmWords.button;
    if (button) button.setAttribute("data-label", button.textContent);
  }

  // The chosen country decides the operators offered, the calling code and the example number.
  var country = $("country");
  var operator = $("operator");
  var phone = $("phone");
  if (country && operator) {
    var placeholder = operator.options[0];
    var all = [].slice.call(operator.querySelectorAll("option[data-c]"));
    var sync = function () {
      var code = country.value;
      var keep = operator.value;
      var mine = all.filter(function (o) {
        return o.getAttribute("data-c") === code || o.getAttribute("data-c") === "*";
      });
      // « Carte bancaire » (data-c="*") is every country's: a single operator is still chosen for the buyer
      var wallets = mine.filter(function (o) {
        return o.getAttribute("data-c") !== "*";
      });
      operator.textContent = "";
      operator.appendChild(placeholder);
      mine.forEach(function (o) {
        operator.appendChild(o);
      });
      var kept = mine.some(function (o) {
        return o.value === keep;
      });
      operator.value = kept ? keep : wallets.length === 1 ? wallets[0].value : "";
      var chosen = country.options[country.selectedIndex];
      if (!chosen) return syncCard();
      var dial = $("dial");
      if (dial) {
        dial.textContent = chosen.getAttribute("data-dial");
        dial.hidden = false;
      }
      var hint = $("phone-hint");
      if (hint && phone) hint.textContent = (phone.getAttribute("data-hint") || "").replace("{ex}", chosen.getAttribute("data-ex") || "");
      syncCard();
    };
    country.addEventListener("change", sync);
    operator.addEventListener("change", syncCard);
    sync();
    // A typed number can name its operator (pawaPay's predict-provider): pre-select it, never override a choice.
    if (phone && window.fetch) {
      phone.addEventListener("change", function () {
        if (operator.value || phone.value.replace(/\D/g, "").length < 8) return;
        fetch("/api/providers/predict-operator?country=" + encodeURIComponent(country.value) + "&phone=" + encodeURIComponent(phone.value), { credentials: "same-origin" })
          .then(function (res) {
            return res.ok ? res.json() : {};
          })
          .then(function (body) {
            var match = body.operator && operator.querySelector('option[value="' + body.operator + '"]:not([disabled])');
            if (match && !operator.value) operator.value = body.operator;
          })
          .catch(function () {});
      });
    }
  }

  // One submit: the button locks at once, the form goes by fetch, a second tap does nothing.
  // The client token in the form makes a retry after a network error safe too.
  var form = $("pay");
  if (form && window.fetch && window.FormData && window.URLSearchParams) {
    var button = form.querySelector("button[type=submit]");
    var label = button.textContent;
    var summary = $("err-form");
    var busy = false;
    var unlock = function () {
      busy = false;
      button.disabled = false;
      button.textContent = button.getAttribute("data-label") || label;
    };
    var show = function (errors, message) {
      [].forEach.call(form.querySelectorAll(".field .err"), function (p) {
        p.hidden = true;
        p.textContent = "";
        p.parentNode.classList.remove("bad");
      });
      [].forEach.call(form.querySelectorAll("[aria-invalid]"), function (el) {
        el.removeAttribute("aria-invalid");
      });
      var first = null;
      Object.keys(errors || {}).forEach(function (key) {
        var p = $("err-" + key);
        if (!p || key === "form") return;
        p.textContent = errors[key];
        p.hidden = false;
        p.parentNode.classList.add("bad");
        var input = p.parentNode.querySelector("input,select,textarea");
        if (input) {
          input.setAttribute("aria-invalid", "true");
          first = first || input;
        }
      });
      summary.textContent = message || "";
      summary.hidden = !message;
      if (first) first.focus();
      else if (message) summary.scrollIntoView({ block: "center" });
    };
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (busy) return;
      busy = true;
      button.disabled = true;
      button.textContent = form.getAttribute("data-busy");
      fetch(form.getAttribute("data-api"), {
        method: "POST",
        body: new URLSearchParams(new FormData(form)),
        headers: { accept: "application/json" },
        credentials: "same-origin",
      })
        .then(function (res) {
          return res.json().then(function (body) {
            return { status: res.status, body: body };
          });
        })
        .then(function (res) {
          var body = res.body || {};
          if (res.status < 500 && body.next) {
            location.assign(body.next);
            return;
          }
          // 422: what to fix; 409 with a message: another buyer's attempt holds the link for now;
          // 429: too many attempts, the message says when to retry; `unreachable`: no operator got
          // the request, the form stays as typed (with a fresh token) to try again or pick another;
          // 503 with a message: the service is briefly away, try again in a moment
          if (res.status !== 422 && res.status !== 429 && !((res.status === 409 || res.status === 503) && body.message) && !body.unreachable) throw new Error("HTTP " + res.status);
          if (body.client_token) form.elements.client_token.value = body.client_token;
          show(body.errors, body.message);
          unlock();
        })
        .catch(function () {
          show({}, form.getAttribute("data-network"));
          unlock();
        });
    });
    // Back from the waiting page: a fresh page (and client token) for a new attempt.
    window.addEventListener("pageshow", function (event) {
      if (event.persisted && busy) location.reload();
    });
  }

  // The receipt: a button that prints it (or saves it as PDF); without the script the browser's menu does.
  var print = $("print");
  if (print && window.print) {
    print.hidden = false;
    print.addEventListener("click", function () {
      window.print();
    });
  }

  // The waiting screen: poll the status; once it is final the page itself knows where to go.
  var wait = $("wait");
  if (wait && window.fetch) {
    var url = wait.getAttribute("data-status");
    var tries = 0;
    var later = function () {
      tries += 1;
      setTimeout(poll, tries < 40 ? 1500 : 5000);
    };
    var poll = function () {
      fetch(url, { cache: "no-store", headers: { accept: "application/json" } })
        .then(function (res) {
          return res.ok ? res.json() : null;
        })
        .then(function (body) {
          if (body && body.status && body.status !== "pending") location.reload();
          else later();
        })
        .catch(later);
    };
    later();
  }
})();
