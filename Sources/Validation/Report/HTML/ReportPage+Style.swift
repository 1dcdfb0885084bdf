extension ReportPage {
    /// The page's CSS: system fonts only, plans sized to the window, tables that scroll.
    static let styleSheet = """
    :root {
      --ink: #1f2933; --muted: #5f6b7a; --line: #d9dee5; --paper: #ffffff; --page: #f3f5f8;
      --error: #d62728; --warning: #e69500; --info: #1f77b4; --accent: #2b4c6f; --toolbar: 45px;
    }
    * { box-sizing: border-box; }
    /* The filter script marks what it hides with the `hidden` attribute; SVG elements need this rule. */
    [hidden] { display: none !important; }
    html, body { margin: 0; }
    body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
           color: var(--ink); background: var(--page); }
    code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 0.9em; }
    h1, h2, h3, h4 { margin: 0; font-weight: 600; }
    h2 { font-size: 15px; margin-bottom: 8px; }
    h3 { font-size: 15px; }
    .page-header { padding: 12px 24px; background: #1f2a37; color: #f5f7fa; }
    .page-header h1 { font-size: 19px; }
    .page-header .venue { font-weight: 400; color: #b9c6d6; margin-left: 6px; }
    .page-header .meta { margin: 2px 0 0; color: #b9c6d6; font-size: 13px; }
    .page-header .meta code { color: #f5f7fa; }
    .toolbar { position: sticky; top: 0; z-index: 10; display: flex; flex-wrap: wrap; align-items: center; gap: 6px 18px;
               min-height: var(--toolbar); padding: 6px 24px; background: var(--paper); border-bottom: 1px solid var(--line);
               box-shadow: 0 1px 3px rgba(31, 41, 51, 0.06); }
    .toolbar-label { font-weight: 600; color: var(--muted); }
    .toggle { display: inline-flex; align-items: center; gap: 6px; cursor: pointer; user-select: none; }
    .toggle .count { color: var(--muted); font-variant-numeric: tabular-nums; }
    .level-label { display: inline-flex; align-items: center; gap: 6px; font-weight: 600; color: var(--muted); }
    .level-label select { font: inherit; color: var(--ink); padding: 3px 6px; border: 1px solid var(--line);
                          border-radius: 6px; background: var(--paper); max-width: 50vw; }
    .dot { display: inline-block; width: 10px; height: 10px; border-radius: 50%; }
    .dot.severity-error { background: var(--error); }
    .dot.severity-warning { background: var(--warning); }
    .dot.severity-info { background: var(--info); }
    main.report { max-width: 2200px; margin: 0 auto; padding: 16px 24px 32px; display: grid;
                  grid-template-columns: minmax(0, 1fr); gap: 16px; align-items: start; }
    .tables-panel, .plans, .plan-list { display: grid; gap: 16px; align-content: start; min-width: 0; }
    .card { background: var(--paper); border: 1px solid var(--line); border-radius: 8px; padding: 12px 16px; min-width: 0; }
    .table-scroll { max-height: 45vh; overflow: auto; border: 1px solid var(--line); border-radius: 6px; }
    .table-scroll.short { max-height: 28vh; }
    table { border-collapse: collapse; width: 100%; }
    th, td { text-align: left; vertical-align: top; padding: 5px 8px; border-bottom: 1px solid #edf0f3; }
    th { position: sticky; top: 0; z-index: 1; background: #eef1f5; font-size: 11.5px; text-transform: uppercase;
         letter-spacing: 0.03em; color: var(--muted); }
    tbody tr:hover { background: #f7f9fb; }
    td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
    .severity-counts { margin-bottom: 12px; border: 1px solid var(--line); table-layout: fixed; }
    .severity-counts th, .severity-counts td { text-align: center; }
    .severity-counts td { font-size: 22px; font-weight: 600; font-variant-numeric: tabular-nums; border-bottom: 0; }
    .severity-counts td.severity-error { color: var(--error); }
    .severity-counts td.severity-warning { color: #c27d00; }
    .severity-counts td.severity-info { color: var(--info); }
    .findings-table, .code-counts { font-size: 13px; }
    .findings-table code, .code-counts code { font-size: 12px; white-space: nowrap; }
    td.message { min-width: 180px; }
    td.location { color: var(--muted); font-size: 12.5px; min-width: 120px; }
    td.level { white-space: nowrap; color: var(--muted); font-size: 12.5px; }
    .hint { color: var(--muted); font-size: 12.5px; }
    td.message .hint::before { content: "Hint: "; font-weight: 600; }
    .empty td, p.empty { color: var(--muted); font-style: italic; }
    .badge { display: inline-block; padding: 1px 7px; border-radius: 10px; font-size: 11.5px; font-weight: 600;
             color: #fff; white-space: nowrap; }
    .badge.severity-error { background: var(--error); }
    .badge.severity-warning { background: var(--warning); color: #2b2100; }
    .badge.severity-info { background: var(--info); }
    .shown-count { font-weight: 400; color: var(--muted); font-size: 13px; margin-left: 8px; }
    .legend { display: flex; flex-wrap: wrap; gap: 4px 24px; padding: 10px 16px; font-size: 13px; }
    .legend-group { display: flex; align-items: flex-start; gap: 10px; min-width: 0; line-height: 20px; }
    .legend h4 { flex: none; width: 62px; line-height: 20px; font-size: 11.5px; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted); }
    .legend ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 2px 14px; }
    .legend li { display: inline-flex; align-items: center; gap: 6px; white-space: nowrap; }
    .legend .note { color: var(--muted); font-size: 12px; white-space: normal; }
    .swatch { flex: none; overflow: visible; align-self: center; }
    .plan-heading { display: flex; align-items: baseline; gap: 10px; margin-bottom: 8px; }
    .level-id { color: var(--muted); }
    .plan-count { margin-left: auto; color: var(--muted); font-size: 13px; }
    svg.plan { display: block; width: 100%; height: min(70vh, max(360px, calc(100vh - 345px))); min-height: 320px;
               background: #fbfbf9; border: 1px solid #e6e9ed; border-radius: 6px; }
    /* Plans are drawn in metres; strokes stay a fixed number of pixels at any zoom. */
    svg * { vector-effect: non-scaling-stroke; }
    .space { stroke: #8893a2; stroke-width: 1; }
    .space-room { fill: #dde6f1; }
    .space-corridor { fill: #f3eedf; }
    .space-area { fill: #e7efe1; }
    .space-stairs { fill: #e6dcef; }
    .space-elevator { fill: #d5e9e8; }
    .space-outdoor { fill: #edf2e6; stroke: #a9b59a; stroke-dasharray: 4 3; }
    .space-obstacle { fill: #4b525c; stroke: #3a4048; }
    .space:hover { stroke: var(--accent); stroke-width: 2; }
    .edge { stroke-width: 2; stroke-linecap: round; opacity: 0.9; }
    .edge-none { stroke-dasharray: 5 3; stroke-linecap: butt; }
    .legend-edge { stroke-width: 3; stroke-linecap: round; }
    .legend-edge-none { stroke-dasharray: 4 2.5; stroke-linecap: butt; }
    .door { fill: #ffffff; stroke: #4b525c; stroke-width: 1.2; }
    .door.entrance { fill: #2e8b57; stroke: #ffffff; stroke-width: 1.5; }
    .connector { stroke: #ffffff; stroke-width: 1.2; }
    .connector-stairs { fill: #7b5a3a; }
    .connector-elevator { fill: #2a6f97; }
    .connector-escalator { fill: #4f8a3b; }
    .connector-ramp { fill: #b8860b; }
    .scale-bar { fill: none; stroke: #3a4048; stroke-width: 1.5; }
    .north-arrow { fill: #3a4048; }
    .plan-label { fill: #3a4048; font-family: inherit; paint-order: stroke; stroke: #fbfbf9; stroke-width: 3; }
    .marker-halo { fill: none; stroke: #ffffff; stroke-width: 5; opacity: 0.9; }
    .marker-ring { fill-opacity: 0.18; stroke-width: 2.5; }
    .issue-marker { cursor: help; }
    [data-pinned] > .marker-ring { stroke-dasharray: 3 2; }
    .legend-marker[data-pinned] > .marker-ring { fill: #8893a2; fill-opacity: 0.18; stroke: #5f6b7a; }
    .legend-marker[data-pinned] > .marker-dot { fill: #5f6b7a; }
    .issue-marker:hover .marker-ring { fill-opacity: 0.4; }
    [data-severity="error"] > .marker-ring, [data-marker-severity="error"] > .marker-ring { fill: var(--error); stroke: var(--error); }
    [data-severity="error"] > .marker-dot, [data-marker-severity="error"] > .marker-dot { fill: var(--error); }
    [data-severity="warning"] > .marker-ring, [data-marker-severity="warning"] > .marker-ring { fill: var(--warning); stroke: var(--warning); }
    [data-severity="warning"] > .marker-dot, [data-marker-severity="warning"] > .marker-dot { fill: var(--warning); }
    [data-severity="info"] > .marker-ring, [data-marker-severity="info"] > .marker-ring { fill: var(--info); stroke: var(--info); }
    [data-severity="info"] > .marker-dot, [data-marker-severity="info"] > .marker-dot { fill: var(--info); }
    /* Laptop and wider: tables on the left, scrolling on their own, plans on the right. */
    @media (min-width: 1200px) {
      main.report { grid-template-columns: minmax(0, 47fr) minmax(0, 53fr); }
      .tables-panel { position: sticky; top: calc(var(--toolbar) + 12px); max-height: calc(100vh - var(--toolbar) - 28px);
                      overflow: auto; }
      /* The panel scrolls as a whole; tables scrolling inside it would nest one scroll in another. */
      .tables-panel .table-scroll { max-height: none; overflow: visible; }
      .tables-panel th { top: -1px; }
    }
    /* Too narrow for five readable columns beside a plan: each finding becomes a two-line entry. */
    @media (min-width: 1200px) and (max-width: 1699px) {
      .findings-table thead { display: none; }
      .findings-table tbody { display: block; }
      .findings-table tr.finding { display: grid; grid-template-columns: 70px minmax(0, 1fr) auto; column-gap: 8px;
                                   grid-template-areas: "severity code level" "severity message message" "severity location location";
                                   padding: 7px 10px; border-bottom: 1px solid #edf0f3; }
      .findings-table tr.finding td { padding: 0; border: 0; }
      .findings-table td.severity { grid-area: severity; }
      .findings-table td.code { grid-area: code; font-weight: 600; }
      .findings-table td.level { grid-area: level; }
      .findings-table td.message { grid-area: message; min-width: 0; }
      .findings-table td.location { grid-area: location; min-width: 0; font-size: 12px; }
    }
    """

    /// The filter script.
    ///
    /// Filtered-out elements get the `hidden` attribute (never a class), so a test or a headless
    /// browser finds what is shown by looking for elements without it. The URL fragment
    /// `#severity=error,warning&level=A@1` (either key optional, values URL-encoded) is applied on
    /// load and kept in step with the controls, so a filtered view can be linked to.
    static let script = """
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
    """
}
