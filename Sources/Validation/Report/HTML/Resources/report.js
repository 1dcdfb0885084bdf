(function () {
  'use strict';
  var boxes = Array.prototype.slice.call(document.querySelectorAll('input.severity-filter'));
  var levelSelect = document.getElementById('level-filter');
  var items = Array.prototype.slice.call(document.querySelectorAll('.floor-plan, .issue-marker, tbody tr[data-severity]'));
  var findings = Array.prototype.slice.call(document.querySelectorAll('tr.finding'));
  var shownCount = document.getElementById('shown-count');

  function apply() {
    var wanted = {};
    boxes.forEach(function (box) { wanted[box.value] = box.checked; });
    var level = levelSelect ? levelSelect.value : '';
    items.forEach(function (item) {
      var severity = item.getAttribute('data-severity');
      var itemLevel = item.getAttribute('data-level');
      var hide = (severity !== null && !wanted[severity]) || (level !== '' && itemLevel !== null && itemLevel !== level);
      if (hide) { item.setAttribute('hidden', ''); } else { item.removeAttribute('hidden'); }
    });
    if (shownCount) {
      var shown = findings.filter(function (row) { return !row.hasAttribute('hidden'); }).length;
      shownCount.textContent = shown + ' of ' + findings.length + ' shown';
    }
  }

  function readFragment() {
    var hash = window.location.hash.replace(/^#/, '');
    if (hash === '') { return; }
    hash.split('&').forEach(function (pair) {
      var at = pair.indexOf('=');
      if (at < 0) { return; }
      var key = decode(pair.slice(0, at));
      var value = decode(pair.slice(at + 1));
      if (key === 'severity') {
        var chosen = value.split(',');
        boxes.forEach(function (box) { box.checked = chosen.indexOf(box.value) >= 0; });
      } else if (key === 'level' && levelSelect) {
        var known = Array.prototype.some.call(levelSelect.options, function (option) { return option.value === value; });
        levelSelect.value = known ? value : '';
      }
    });
  }

  function writeFragment() {
    var parts = [];
    var chosen = boxes.filter(function (box) { return box.checked; }).map(function (box) { return box.value; });
    if (chosen.length !== boxes.length) { parts.push('severity=' + chosen.join(',')); }
    if (levelSelect && levelSelect.value !== '') { parts.push('level=' + encodeURIComponent(levelSelect.value)); }
    try {
      history.replaceState(null, '', parts.length ? '#' + parts.join('&') : window.location.pathname + window.location.search);
    } catch (error) {
      // Some browsers refuse history changes on file:// pages; the filter still applies.
    }
  }

  function decode(text) {
    try { return decodeURIComponent(text); } catch (error) { return text; }
  }

  boxes.forEach(function (box) { box.addEventListener('change', function () { apply(); writeFragment(); }); });
  if (levelSelect) { levelSelect.addEventListener('change', function () { apply(); writeFragment(); }); }
  window.addEventListener('hashchange', function () { readFragment(); apply(); });
  readFragment();
  apply();
})();
