// The navforge map viewer. Everything it knows about the map comes from the JavaScript reader:
// it draws what the reader reads and asks the reader for search, routes, exits, conditions and
// positions. It computes nothing about routing itself.

const METRES_PER_DEGREE = 111320;
const ARC_KIND = { walk: 0, outdoorPath: 1, indoorPath: 2, stairs: 3, lift: 4, escalator: 5, ramp: 6, steps: 7, entrance: 8 };
const ARC_KIND_NAMES = ["walk", "outdoorPath", "indoorPath", "stairs", "lift", "escalator", "ramp", "steps", "entrance"];
/** Fill and stroke of each `OUTL` kind: room, corridor, area, stairwell, lift, outdoor area, obstacle. */
const OUTLINE_STYLE = [
  { name: "Room", fill: "#ffffff", stroke: "#8a96a3" },
  { name: "Corridor", fill: "#e8ecf0", stroke: "#a5b0bb" },
  { name: "Hall or foyer", fill: "#eef3e6", stroke: "#a5b0bb" },
  { name: "Stairwell", fill: "#f7e3c6", stroke: "#b08a52" },
  { name: "Lift", fill: "#dcd3f0", stroke: "#7b68a6" },
  { name: "Outdoor area", fill: "#e3f1dc", stroke: "#9bbf8a" },
  { name: "Wall or column", fill: "#9aa4ad", stroke: "#6d7780" },
];
const CONNECTOR_COLOUR = { 3: "#b0621a", 4: "#6a4fb3", 5: "#1f7a8c", 6: "#2b8a3e", 7: "#b0621a" };

/** Metres a tap may lie from the way it picks: farther, the person surely meant somewhere else. */
const MAXIMUM_TAP_DISTANCE = 250;

const $ = (id) => document.getElementById(id);

/** The JavaScript reader's module (`open`, `BundleError`, `EndpointError`, ...), once main() has loaded it. */
let reader = null;

/** Everything the page shows, in one place; the drawing reads it, the controls change it. */
const state = {
  bundle: null,
  levels: [],
  level: 0,
  profile: null,
  origin: { latitude: 0, longitude: 0, cos: 1 },
  view: { x: 0, y: 0, scale: 1 },
  perLevel: new Map(),
  endpoints: { from: null, to: null },
  tapTarget: "from",
  route: null, // { route, steps, polylines, kind: "route" | "exit", maneuvers, destination, selected }
  language: null, // the code of the directions' language; null when the bundle has no guidance
  conditions: null, // { text, metrics: Map(profile → metric), overlay }
  fix: null,
  samples: [],
};

const ready = main().catch((error) => failed(error));
window.navforgeViewer = {
  ready, state, drawnRoute, stepTexts, maneuverTexts, selectedManeuver, levelIds: () => state.levels.map((level) => level.id),
  drawnCrowds: () => drawnCrowds,
};

async function main() {
  // The reader's module instantiates its WebAssembly core before it can be used. Imported here
  // rather than by an import statement, which would hold this module back until then, it loads
  // while the bundle downloads instead of before.
  const [module, { site, response }] = await Promise.all([import("./navbundle.mjs"), fetchBundle()]);
  reader = module;
  let bundle;
  try {
    // The reader reads the download straight into its own memory, not into an ArrayBuffer first.
    bundle = await reader.openResponse(response);
  } catch (error) {
    if (!(error instanceof reader.BundleError) || error.code !== "webcrypto-unavailable") throw error;
    // Without WebCrypto (a page served over plain HTTP from another host) the checksums cannot be
    // checked; the person decides, knowingly, whether to look at the map anyway. The reader
    // refused before reading the body, so the same response is still there to open.
    bundle = await askToOpenUnverified(response);
  }
  start(bundle, site);
}

/** site.json, and the response of the bundle it names (its body still to be read). */
async function fetchBundle() {
  const site = await (await fetch("site.json")).json();
  const response = await fetch(encodeURIComponent(site.bundle));
  if (!response.ok) throw new Error(`cannot fetch ${site.bundle}: HTTP ${response.status}`);
  return { site, response };
}

function askToOpenUnverified(response) {
  showFailure("This page is not a secure context, so the browser offers no WebCrypto and the bundle's checksums " +
    "cannot be checked. Serve the viewer from https:// or from 127.0.0.1 to have them checked, or open the map unchecked.");
  const button = $("open-unverified");
  button.hidden = false;
  button.focus();
  return new Promise((resolve, reject) => {
    button.addEventListener("click", () => {
      $("open-failure").hidden = true;
      reader.openResponse(response, { verifyChecksums: false }).then(resolve, reject);
    }, { once: true });
  });
}

function failed(error) {
  showFailure(error instanceof Error ? error.message : String(error));
  document.body.dataset.state = "failed";
  throw error;
}

function showFailure(message) {
  $("open-failure-text").textContent = message;
  $("open-failure").hidden = false;
  $("venue-name").textContent = "The map could not be opened";
}

function start(bundle, site) {
  state.bundle = bundle;
  state.levels = bundle.levels().map((level, index) => ({ ...level, index }));
  const meta = bundle.metadata;
  document.title = `${meta.venueName} · navforge viewer`;
  $("venue-name").textContent = meta.venueName;
  $("venue-facts").textContent = [
    `${meta.venueID} ${meta.bundleVersion}`,
    `format ${bundle.formatVersion.major}.${bundle.formatVersion.minor}`,
    `${state.levels.length} levels, ${bundle.nodeCount} nodes, ${bundle.placeCount} places`,
    site.bundle,
  ].join(" · ");
  $("attribution").textContent = attribution(meta);
  setUpOrigin();
  setUpProfiles();
  setUpLanguages();
  setUpLevels();
  setUpMap();
  setUpRouteForm();
  setUpConditions();
  setUpNearest();
  setUpTours();
  setUpCrowds();
  setUpLocate();
  drawLegend();
  showLevel(firstLevel(), { fit: true });
  document.body.dataset.state = "ready";
}

/** The map data's attribution and licences, as the bundle's sources state them. */
function attribution(meta) {
  const parts = [];
  for (const source of meta.sources ?? []) {
    const text = [source.attribution, source.license && `licence ${source.license}`].filter(Boolean).join(", ");
    if (text && !parts.includes(text)) parts.push(text);
  }
  const data = parts.length ? `Map data: ${parts.join("; ")}.` : "Map data: the bundle names no attribution.";
  return `${data} Compiled by ${meta.generator ?? "navforge"}.`;
}

// Projection: metres east and south of the venue's centre, on a plane; a venue is small enough.

function setUpOrigin() {
  const box = state.bundle.metadata.boundingBox;
  let latitude = 0, longitude = 0;
  if (box) {
    latitude = (box.south + box.north) / 2;
    longitude = (box.west + box.east) / 2;
  } else if (state.bundle.nodeCount > 0) {
    ({ latitude, longitude } = state.bundle.node(0));
  }
  state.origin = { latitude, longitude, cos: Math.cos((latitude * Math.PI) / 180) };
}

function project(latitude, longitude) {
  const { origin } = state;
  return [(longitude - origin.longitude) * METRES_PER_DEGREE * origin.cos, (origin.latitude - latitude) * METRES_PER_DEGREE];
}

function unproject(x, y) {
  const { origin } = state;
  return [origin.latitude - y / METRES_PER_DEGREE, origin.longitude + x / (METRES_PER_DEGREE * origin.cos)];
}

// Levels

function setUpLevels() {
  const bar = $("levels");
  bar.replaceChildren();
  // Grouped by building, highest level first, as a building's directory lists them.
  const groups = new Map();
  for (const level of state.levels) {
    const building = level.buildingName ?? "";
    if (!groups.has(building)) groups.set(building, []);
    groups.get(building).push(level);
  }
  for (const [building, levels] of groups) {
    const group = document.createElement("div");
    group.className = "level-group";
    group.setAttribute("role", "group");
    if (building) {
      group.setAttribute("aria-label", building);
      const title = document.createElement("span");
      title.className = "level-building";
      title.textContent = building;
      group.append(title);
    }
    for (const level of levels.sort((a, b) => b.ordinal - a.ordinal || a.index - b.index)) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = level.shortName || level.id;
      button.title = levelLabel(level);
      button.setAttribute("aria-label", levelLabel(level));
      button.dataset.level = level.index;
      button.dataset.levelId = level.id;
      button.setAttribute("aria-pressed", "false");
      button.addEventListener("click", () => showLevel(level.index));
      group.append(button);
    }
    bar.append(group);
  }
}

function levelButtons() {
  return $("levels").querySelectorAll("button");
}

function levelLabel(level) {
  return level.buildingName ? `${level.shortName} · ${level.buildingName}` : level.shortName || level.id;
}

function firstLevel() {
  // The level with the most outlines is where a visitor most likely starts looking.
  let best = 0, most = -1;
  for (const level of state.levels) {
    const count = state.bundle.has("OUTL") ? state.bundle.outlines(level.index).length : arcsOfLevel(level.index).flat.length;
    if (count > most) [best, most] = [level.index, count];
  }
  return best;
}

function showLevel(index, { fit = false } = {}) {
  if (index < 0 || index >= state.levels.length) return;
  state.level = index;
  for (const button of levelButtons()) {
    button.setAttribute("aria-pressed", String(Number(button.dataset.level) === index));
  }
  document.body.dataset.level = state.levels[index].id;
  if (fit) fitLevel();
  draw();
}

/** Everything drawn on a level, in metres, made once: Path2D objects the canvas scales. */
function levelGeometry(index) {
  let geometry = state.perLevel.get(index);
  if (geometry) return geometry;
  const bundle = state.bundle;
  const outlines = OUTLINE_STYLE.map(() => new Path2D());
  const bounds = emptyBounds();
  const xs = [], ys = [];
  const extendBoth = (x, y) => {
    extend(bounds, x, y);
    xs.push(x);
    ys.push(y);
  };
  const labels = [];
  for (const outline of bundle.has("OUTL") ? bundle.outlines(index) : []) {
    const path = outlines[outline.kind] ?? outlines[0];
    for (const ring of outline.rings) {
      ring.forEach(([latitude, longitude], corner) => {
        const [x, y] = project(latitude, longitude);
        extendBoth(x, y);
        corner === 0 ? path.moveTo(x, y) : path.lineTo(x, y);
      });
      path.closePath();
    }
  }
  const walkways = { indoor: new Path2D(), outdoor: new Path2D(), connector: new Path2D() };
  const landings = [];
  const arcs = arcsOfLevel(index);
  for (const arc of arcs.flat) {
    // Walks inside a space are the router's straight lines between its doors; the outline shows the space.
    if (arc.kind === ARC_KIND.walk) continue;
    const shape = bundle.arcShape(arc.index).map(([latitude, longitude]) => project(latitude, longitude));
    const target = arc.kind === ARC_KIND.outdoorPath ? walkways.outdoor
      : arc.kind >= ARC_KIND.stairs && arc.kind <= ARC_KIND.steps ? walkways.connector : walkways.indoor;
    shape.forEach(([x, y], corner) => {
      extendBoth(x, y);
      corner === 0 ? target.moveTo(x, y) : target.lineTo(x, y);
    });
  }
  for (const { node, kind } of arcs.landings) {
    const record = bundle.node(node);
    landings.push({ at: project(record.latitude, record.longitude), kind });
  }
  for (let place = 0; place < bundle.placeCount; place++) {
    const record = bundle.place(place);
    if (record.level !== index || record.latitude == null) continue;
    const at = project(record.latitude, record.longitude);
    extendBoth(...at);
    // Rooms by their ref; points of interest (kind 1) by name, only when zoomed in further.
    labels.push({ at, text: (record.kind === 0 ? record.ref ?? record.name : record.name ?? record.ref) ?? "", detail: record.kind !== 0 });
  }
  geometry = { outlines, walkways, landings, labels, bounds, focus: focusBounds(xs, ys) };
  state.perLevel.set(index, geometry);
  return geometry;
}

/** The arcs with both ends on a level (drawn as walkways) and the landings of arcs leaving it. */
function arcsOfLevel(index) {
  if (!state.arcsByLevel) {
    const bundle = state.bundle;
    const byLevel = state.levels.map(() => ({ flat: [], landings: [] }));
    const seen = new Set();
    // Each node's level, asked of the reader once (a city's nodes end two or more arcs each):
    // -1 until then.
    const levels = new Int32Array(bundle.nodeCount).fill(-1);
    const levelOf = (node) => (levels[node] >= 0 ? levels[node] : (levels[node] = bundle.node(node).level));
    // A pair of ends as one number costs a fraction of a string key; it is exact while the node
    // count squared stays below 2^53 (67 million nodes, far beyond what a page holds).
    const count = bundle.nodeCount;
    const pairKey = count < 2 ** 26 ? (low, high) => low * count + high : (low, high) => `${low}:${high}`;
    for (let arcIndex = 0; arcIndex < bundle.arcCount; arcIndex++) {
      const arc = bundle.arc(arcIndex);
      const kind = typeof arc.kind === "number" ? arc.kind : ARC_KIND_NAMES.indexOf(arc.kind);
      const tail = arc.tail, head = arc.head;
      // Both directions of a two-way arc look the same: draw one.
      const key = tail < head ? pairKey(tail, head) : pairKey(head, tail);
      if (seen.has(key)) continue;
      seen.add(key);
      const tailLevel = levelOf(tail), headLevel = levelOf(head);
      if (tailLevel === headLevel) {
        byLevel[tailLevel]?.flat.push({ index: arcIndex, kind });
      } else {
        byLevel[tailLevel]?.landings.push({ node: tail, kind });
        byLevel[headLevel]?.landings.push({ node: head, kind });
      }
    }
    state.arcsByLevel = byLevel;
  }
  return state.arcsByLevel[index] ?? { flat: [], landings: [] };
}

/**
 * The bounds of most of a level: the 1st to 99th percentile of its points on each axis, so that
 * a few far-off ways (a long path an extract kept whole) do not shrink the venue to a dot.
 */
function focusBounds(xs, ys) {
  if (xs.length === 0) return emptyBounds();
  // Selected rather than sorted: a city level has well over a million points, whose two sorts
  // took a few hundred milliseconds of the first drawing.
  const valuesX = Float64Array.from(xs), valuesY = Float64Array.from(ys);
  const at = (values, share) => nthSmallest(values, Math.min(values.length - 1, Math.floor(share * values.length)));
  return { minX: at(valuesX, 0.01), maxX: at(valuesX, 0.99), minY: at(valuesY, 0.01), maxY: at(valuesY, 0.99) };
}

/**
 * The value sorting `values` would put at index `n`, found by partitioning around random pivots
 * (linear time on average, whatever the order of the points); `values` is reordered.
 */
function nthSmallest(values, n) {
  let low = 0, high = values.length - 1;
  while (low < high) {
    const pivot = values[low + Math.floor(Math.random() * (high - low + 1))];
    let i = low, j = high;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        [values[i], values[j]] = [values[j], values[i]];
        i++;
        j--;
      }
    }
    // Now values[low..j] <= pivot <= values[i..high], and anything between equals the pivot.
    if (n <= j) high = j;
    else if (n >= i) low = i;
    else return values[n];
  }
  return values[n];
}

function emptyBounds() {
  return { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
}

function extend(bounds, x, y) {
  bounds.minX = Math.min(bounds.minX, x);
  bounds.minY = Math.min(bounds.minY, y);
  bounds.maxX = Math.max(bounds.maxX, x);
  bounds.maxY = Math.max(bounds.maxY, y);
}

// The map: a canvas the person pans and zooms by mouse, touch or keyboard.

function setUpMap() {
  const canvas = $("map");
  new ResizeObserver(() => draw()).observe(canvas);
  const pointers = new Map();
  let gesture = null;
  canvas.addEventListener("pointerdown", (event) => {
    canvas.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, { x: event.offsetX, y: event.offsetY });
    // A tap is timed by its events' own stamps, not by when the page got round to them: a
    // city's drawing can hold the page between the finger's down and up.
    gesture = { start: { x: event.offsetX, y: event.offsetY }, time: event.timeStamp, moved: false, pinch: pointers.size > 1 ? pinchOf(pointers) : null };
  });
  canvas.addEventListener("pointermove", (event) => {
    const last = pointers.get(event.pointerId);
    if (!last || !gesture) return;
    const now = { x: event.offsetX, y: event.offsetY };
    pointers.set(event.pointerId, now);
    if (Math.hypot(now.x - gesture.start.x, now.y - gesture.start.y) > 4) gesture.moved = true;
    if (pointers.size >= 2) {
      const pinch = pinchOf(pointers);
      if (gesture.pinch) zoomAt(pinch.centre, pinch.distance / gesture.pinch.distance);
      gesture.pinch = pinch;
    } else {
      state.view.x -= (now.x - last.x) / state.view.scale;
      state.view.y -= (now.y - last.y) / state.view.scale;
      draw();
    }
  });
  const end = (event) => {
    const tap = gesture && !gesture.moved && pointers.size === 1 && event.timeStamp - gesture.time < 600;
    pointers.delete(event.pointerId);
    if (tap) pickAt(event.offsetX, event.offsetY);
    if (pointers.size === 0) gesture = null;
  };
  canvas.addEventListener("pointerup", end);
  canvas.addEventListener("pointercancel", (event) => { pointers.delete(event.pointerId); gesture = null; });
  canvas.addEventListener("wheel", (event) => {
    event.preventDefault();
    zoomAt({ x: event.offsetX, y: event.offsetY }, Math.exp(-event.deltaY / 300));
  }, { passive: false });
  canvas.addEventListener("keydown", (event) => {
    const step = 60 / state.view.scale;
    const actions = {
      ArrowLeft: () => { state.view.x -= step; },
      ArrowRight: () => { state.view.x += step; },
      ArrowUp: () => { state.view.y -= step; },
      ArrowDown: () => { state.view.y += step; },
      "+": () => zoomAt(centre(), 1.4),
      "=": () => zoomAt(centre(), 1.4),
      "-": () => zoomAt(centre(), 1 / 1.4),
      Enter: () => pickAt(centre().x, centre().y),
      " ": () => pickAt(centre().x, centre().y),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
    draw();
  });
  canvas.addEventListener("focus", () => draw());
  canvas.addEventListener("blur", () => draw());
  $("zoom-in").addEventListener("click", () => zoomAt(centre(), 1.5));
  $("zoom-out").addEventListener("click", () => zoomAt(centre(), 1 / 1.5));
  $("zoom-fit").addEventListener("click", () => { fitLevel(); draw(); });
}

function pinchOf(pointers) {
  const [a, b] = [...pointers.values()];
  return { centre: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, distance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)) };
}

function centre() {
  const canvas = $("map");
  return { x: canvas.clientWidth / 2, y: canvas.clientHeight / 2 };
}

function zoomAt(screen, factor) {
  const before = toMap(screen.x, screen.y);
  state.view.scale = Math.min(2000, Math.max(0.0005, state.view.scale * factor));
  const after = toMap(screen.x, screen.y);
  state.view.x += before[0] - after[0];
  state.view.y += before[1] - after[1];
  draw();
}

function toMap(screenX, screenY) {
  const canvas = $("map");
  return [state.view.x + (screenX - canvas.clientWidth / 2) / state.view.scale,
    state.view.y + (screenY - canvas.clientHeight / 2) / state.view.scale];
}

function fitLevel() {
  fitBounds(levelGeometry(state.level).focus);
}

/** Shows `bounds` (map metres) whole, in the part of the map the level list and zoom buttons leave free. */
function fitBounds(bounds) {
  const canvas = $("map");
  if (!Number.isFinite(bounds.minX)) return;
  const width = Math.max(10, bounds.maxX - bounds.minX), height = Math.max(10, bounds.maxY - bounds.minY);
  const list = $("levels");
  // A tall list (wide screens) covers the left side, a wide one (phones) the top.
  const sideways = list.offsetHeight >= list.offsetWidth;
  const left = sideways ? Math.min(list.offsetWidth + 16, canvas.clientWidth / 3) : 8;
  const top = sideways ? 8 : Math.min(list.offsetHeight + 16, canvas.clientHeight / 3);
  const right = 60;
  const freeWidth = Math.max(50, canvas.clientWidth - left - right), freeHeight = Math.max(50, canvas.clientHeight - top - 8);
  state.view.scale = 0.92 * Math.min(freeWidth / width, freeHeight / height);
  state.view.x = (bounds.minX + bounds.maxX) / 2 - (left - right) / 2 / state.view.scale;
  state.view.y = (bounds.minY + bounds.maxY) / 2 - (top - 8) / 2 / state.view.scale;
}

/** A tap or Enter on the map: the nearest node of the profile on this level becomes an endpoint. */
function pickAt(screenX, screenY) {
  const [x, y] = toMap(screenX, screenY);
  const [latitude, longitude] = unproject(x, y);
  const snapped = state.bundle.snapProfile(latitude, longitude, state.level, state.profile);
  if (!snapped || snapped.metres > MAXIMUM_TAP_DISTANCE) {
    showRoute(null);
    setStatus(`No way of the ${state.profile} profile within ${MAXIMUM_TAP_DISTANCE} m of that point on ${levelLabel(state.levels[state.level])}.`, true);
    return;
  }
  const level = state.levels[state.level];
  // Kept as a position, as if typed: each profile finds its own node from it.
  setEndpoint(state.tapTarget, { kind: "position", latitude, longitude, level: state.level },
    `${latitude.toFixed(6)},${longitude.toFixed(6)}@${level.id}`);
}

/** Sets From or To, makes the other the one the next tap sets, and routes when both are known. */
function setEndpoint(role, endpoint, label) {
  state.endpoints[role] = endpoint;
  $(role).value = label;
  state.tapTarget = role === "from" ? "to" : "from";
  $("tap-target").textContent = state.tapTarget === "from" ? "From" : "To";
  if (state.endpoints.from && state.endpoints.to) computeRoute();
  else draw();
}

// Drawing

function draw() {
  const canvas = $("map");
  if (!state.bundle || !canvas.clientWidth) return;
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth, height = canvas.clientHeight;
  if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
  }
  const context = canvas.getContext("2d");
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.fillStyle = "#f4f6f8";
  context.fillRect(0, 0, canvas.width, canvas.height);
  const { scale, x, y } = state.view;
  context.setTransform(ratio * scale, 0, 0, ratio * scale, ratio * (width / 2 - x * scale), ratio * (height / 2 - y * scale));
  const pixel = 1 / scale;
  const geometry = levelGeometry(state.level);
  geometry.outlines.forEach((path, kind) => {
    context.fillStyle = OUTLINE_STYLE[kind].fill;
    context.fill(path, "evenodd");
    context.strokeStyle = OUTLINE_STYLE[kind].stroke;
    context.lineWidth = pixel;
    context.stroke(path);
  });
  strokePath(context, geometry.walkways.outdoor, "#7fa36b", 1.5 * pixel);
  strokePath(context, geometry.walkways.indoor, "#9aa7b4", pixel);
  strokePath(context, geometry.walkways.connector, "#b0621a", 2 * pixel);
  for (const landing of geometry.landings) {
    context.fillStyle = CONNECTOR_COLOUR[landing.kind] ?? "#555";
    const size = 5 * pixel;
    context.fillRect(landing.at[0] - size / 2, landing.at[1] - size / 2, size, size);
  }
  drawCrowds(context, pixel);
  drawConditions(context, pixel);
  drawRoute(context, pixel);
  drawLabels(context, geometry, pixel);
  drawSelectedManeuver(context, pixel);
  drawFix(context, pixel);
  if (document.activeElement === canvas) drawCrosshair(context, pixel);
}

/** The point Enter picks, shown while the map has the keyboard's focus. */
function drawCrosshair(context, pixel) {
  const { x, y } = state.view;
  context.strokeStyle = "#1d2329";
  context.lineWidth = 1.5 * pixel;
  context.beginPath();
  context.moveTo(x - 12 * pixel, y);
  context.lineTo(x + 12 * pixel, y);
  context.moveTo(x, y - 12 * pixel);
  context.lineTo(x, y + 12 * pixel);
  context.stroke();
}

function strokePath(context, path, colour, width) {
  context.strokeStyle = colour;
  context.lineWidth = width;
  context.setLineDash([]);
  context.stroke(path);
}

function drawLabels(context, geometry, pixel) {
  // Labels only when rooms are large enough on screen to carry them.
  if (state.view.scale < 2.5) return;
  context.font = `${11 * pixel}px system-ui, sans-serif`;
  context.textAlign = "center";
  context.textBaseline = "middle";
  const details = state.view.scale >= 8;
  for (const label of geometry.labels) {
    if (label.detail && !details) continue;
    context.fillStyle = label.detail ? "#6a4fb3" : "#33404d";
    context.fillText(label.text, label.at[0], label.at[1] + (label.detail ? 12 * pixel : 0));
  }
}

function drawRoute(context, pixel) {
  if (!state.route) return;
  for (const line of state.route.polylines) {
    const here = line.level === state.level;
    context.beginPath();
    line.points.forEach(([px, py], index) => (index === 0 ? context.moveTo(px, py) : context.lineTo(px, py)));
    context.strokeStyle = here ? "#d9480f" : "rgba(217, 72, 15, 0.35)";
    context.lineWidth = (here ? 5 : 2) * pixel;
    context.setLineDash(here ? [] : [6 * pixel, 4 * pixel]);
    context.lineJoin = "round";
    context.stroke();
  }
  context.setLineDash([]);
  const ends = [["#2b8a3e", state.route.route.nodes[0]], ["#c92a2a", state.route.route.nodes.at(-1)]];
  for (const [colour, node] of ends) {
    const record = state.bundle.node(node);
    if (record.level !== state.level) continue;
    disc(context, project(record.latitude, record.longitude), 7 * pixel, colour, "#fff", 2 * pixel);
  }
}

/** A filled circle, outlined when `stroke` is given (the stroke style stays set for what follows). */
function disc(context, [x, y], radius, fill, stroke = null, width = 0) {
  context.beginPath();
  context.arc(x, y, radius, 0, 2 * Math.PI);
  context.fillStyle = fill;
  context.fill();
  if (!stroke) return;
  context.strokeStyle = stroke;
  context.lineWidth = width;
  context.stroke();
}

function drawConditions(context, pixel) {
  const overlay = state.conditions?.overlay;
  if (!overlay) return;
  for (const polygon of overlay.polygons) {
    if (!polygon.levels.includes(state.level)) continue;
    context.beginPath();
    polygon.points.forEach(([px, py], index) => (index === 0 ? context.moveTo(px, py) : context.lineTo(px, py)));
    context.closePath();
    context.fillStyle = polygon.closed ? "rgba(201, 42, 42, 0.18)" : "rgba(232, 137, 12, 0.18)";
    context.fill();
  }
  for (const arc of overlay.arcs) {
    if (arc.level !== state.level) continue;
    if (arc.marker) {
      drawCross(context, arc.marker, arc.closed ? "#c92a2a" : "#e8890c", pixel);
      continue;
    }
    context.beginPath();
    arc.points.forEach(([px, py], index) => (index === 0 ? context.moveTo(px, py) : context.lineTo(px, py)));
    context.strokeStyle = arc.closed ? "#c92a2a" : "#e8890c";
    context.lineWidth = 4 * pixel;
    context.setLineDash(arc.closed ? [] : [5 * pixel, 3 * pixel]);
    context.stroke();
  }
  context.setLineDash([]);
}

/** A ringed cross: a connector closed (or slowed) where it leaves the shown level. */
function drawCross(context, [x, y], colour, pixel) {
  const size = 7 * pixel;
  disc(context, [x, y], size * 1.4, "rgba(255, 255, 255, 0.85)", colour, 2.5 * pixel);
  context.beginPath();
  context.moveTo(x - size, y - size);
  context.lineTo(x + size, y + size);
  context.moveTo(x + size, y - size);
  context.lineTo(x - size, y + size);
  context.stroke();
}

function drawFix(context, pixel) {
  const fix = state.fix;
  if (!fix || (fix.venueLevel != null && fix.venueLevel !== state.level)) return;
  const at = project(fix.latitude, fix.longitude);
  disc(context, at, Math.max(8 * pixel, 5 * (1.5 - fix.confidence)), "rgba(11, 92, 173, 0.15)");
  disc(context, at, 6 * pixel, "#0b5cad", "#fff", 2 * pixel);
}

function drawLegend() {
  const legend = $("legend");
  legend.replaceChildren();
  const entries = OUTLINE_STYLE.slice(0, 6).map((style) => [style.name, style.fill])
    .concat([["Route", "#d9480f"], ["Closed", "#c92a2a"], ["Slowed", "#e8890c"]]);
  for (const [name, colour] of entries) {
    const item = document.createElement("span");
    item.textContent = name;
    item.style.setProperty("--swatch", colour);
    legend.append(item);
  }
}

// Profiles, search and endpoints

function setUpProfiles() {
  const select = $("profile");
  for (const name of state.bundle.profiles()) {
    const option = document.createElement("option");
    option.value = option.textContent = name;
    select.append(option);
  }
  state.profile = select.value;
  select.addEventListener("change", () => {
    state.profile = select.value;
    if (state.route) state.route.kind === "exit" ? computeExit() : computeRoute();
  });
}

function setUpRouteForm() {
  for (const role of ["from", "to"]) setUpCombo(role);
  $("route-form").addEventListener("submit", (event) => {
    event.preventDefault();
    computeRoute();
  });
  $("exit-button").addEventListener("click", () => computeExit());
  $("clear-button").addEventListener("click", () => {
    state.endpoints = { from: null, to: null };
    state.route = null;
    state.tapTarget = "from";
    $("from").value = $("to").value = "";
    $("tap-target").textContent = "From";
    showRoute(null);
    setStatus("");
    draw();
  });
}

/** A search box with a list of matching places (the WAI-ARIA combobox pattern). */
function setUpCombo(role) {
  const input = $(role), list = $(`${role}-list`);
  let options = [], active = -1;
  const close = () => {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
    active = -1;
  };
  const choose = (option) => {
    close();
    const record = state.bundle.place(option.place);
    if (record.level != null && record.level !== state.level) showLevel(record.level);
    setEndpoint(role, { kind: "place", place: option.place }, option.text);
  };
  const highlight = (index) => {
    active = index;
    [...list.children].forEach((item, position) => item.setAttribute("aria-selected", String(position === index)));
    if (index >= 0) {
      input.setAttribute("aria-activedescendant", list.children[index].id);
      list.children[index].scrollIntoView({ block: "nearest" });
    }
  };
  input.addEventListener("input", () => {
    state.endpoints[role] = null;
    const text = input.value;
    options = text.trim() ? searchPlaces(text) : [];
    list.replaceChildren(...options.map((option, index) => {
      const item = document.createElement("li");
      item.id = `${role}-option-${index}`;
      item.setAttribute("role", "option");
      item.setAttribute("aria-selected", "false");
      item.textContent = option.text;
      const where = document.createElement("small");
      where.textContent = option.where;
      item.append(where);
      item.addEventListener("pointerdown", (event) => event.preventDefault());
      item.addEventListener("click", () => choose(option));
      return item;
    }));
    list.hidden = options.length === 0;
    input.setAttribute("aria-expanded", String(options.length > 0));
    active = -1;
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" && options.length) {
      event.preventDefault();
      highlight(Math.min(options.length - 1, active + 1));
    } else if (event.key === "ArrowUp" && options.length) {
      event.preventDefault();
      highlight(Math.max(0, active - 1));
    } else if (event.key === "Enter" && !list.hidden && active >= 0) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === "Escape") {
      close();
    }
  });
  input.addEventListener("blur", () => setTimeout(close, 150));
}

/** The places whose ref, name, category or alias starts with `text`, as the reader ranks them. */
function searchPlaces(text) {
  const seen = new Set(), result = [];
  // Without a search index (SRCH is optional) places are still found by typing their ref and Route.
  if (!state.bundle.has("SRCH")) return result;
  for (const match of state.bundle.searchPrefix(text, 12)) {
    if (seen.has(match.place)) continue;
    seen.add(match.place);
    const place = state.bundle.place(match.place);
    const title = [place.ref, place.name].filter(Boolean).join(" ") || place.category || `place ${match.place}`;
    const level = place.level != null ? levelLabel(state.levels[place.level]) : "";
    result.push({ place: match.place, text: place.ref ?? place.name ?? title, where: [place.ref ? place.name : null, level].filter(Boolean).join(", "), title });
  }
  return result;
}

/** The node an endpoint starts or ends at for the chosen profile, or an explanation. */
function nodeOf(role) {
  const endpoint = state.endpoints[role];
  const text = $(role).value.trim();
  const bundle = state.bundle;
  let resolved;
  if (endpoint?.kind === "place") {
    resolved = { kind: "place", place: endpoint.place };
  } else if (endpoint?.kind === "position") {
    resolved = { kind: "position", latitude: endpoint.latitude, longitude: endpoint.longitude, levels: [endpoint.level] };
  } else {
    try {
      resolved = bundle.resolveEndpoint(text);
    } catch (error) {
      if (!(error instanceof reader.EndpointError)) throw error;
      return { error: endpointMessage(role, text, error) };
    }
  }
  const node = bundle.endpointNode(resolved, state.profile);
  if (node == null) return { error: `${text || "That place"} cannot be reached with the ${state.profile} profile.` };
  return { node, place: resolved.kind === "place" ? resolved.place : null };
}

function endpointMessage(role, text, error) {
  const names = (error.candidates ?? []).slice(0, 5).map((place) => {
    const record = state.bundle.place(place);
    return [record.ref, record.name].filter(Boolean).join(" ");
  });
  switch (error.code) {
    case "ambiguous":
      return `“${text}” names ${error.candidates.length} places: ${names.join("; ")}. Pick one from the list.`;
    case "elsewhere":
      return `Nothing called “${text}” is on that level; ${error.candidates.length === 1 ? "it is" : "they are"}: ${names.join("; ")}.`;
    case "unknown":
      return `No place is called “${text}”.` + (names.length ? ` Did you mean ${names.join(", ")}?` : "");
    case "empty":
      return `Choose where the route ${role === "from" ? "starts" : "ends"}.`;
    case "needs-level":
      return `A position needs its level: write “${text}@LEVEL”, or tap the map on a level.`;
    case "unknown-level":
      return `No level is called “${error.text}”.`;
    case "bad-coordinate":
      return `“${text}” is no latitude and longitude in degrees.`;
    default:
      return error.message;
  }
}

// Routes and exits

function computeRoute() {
  failingPlainly(() => {
    const from = nodeOf("from"), to = nodeOf("to");
    const problem = from.error ?? to.error;
    if (problem) return fail(problem);
    const route = routeBetween(from.node, to.node);
    if (!route) {
      return fail(`No route from ${$("from").value} to ${$("to").value} with the ${state.profile} profile${state.conditions ? " under these conditions" : ""}.`);
    }
    showRoute(route, "route", `${$("from").value} → ${$("to").value}`, arrivalName(to, route));
  });
}

/** The way out as the reader finds it: by the egress table, or under conditions by the costs of
 * leaving, which may open doors (emergency exits) that routes do not take. */
function computeExit() {
  failingPlainly(() => {
    const from = nodeOf("from");
    if (from.error) return fail(from.error);
    const bundle = state.bundle;
    const exit = state.conditions ? bundle.exitUnderConditions(state.profile, from.node, state.conditions.text)
      : bundle.nearestExit(state.profile, from.node);
    if (!exit) return fail(`No exit can be reached from ${$("from").value} with the ${state.profile} profile.`);
    const way = { ...exit, profile: state.profile };
    showRoute(way, "exit", `${$("from").value} → nearest exit`, bundle.node(way.nodes.at(-1)).label);
  });
}

/** Runs `body`, showing any error of the reader (a damaged or incomplete bundle) as the status. */
function failingPlainly(body) {
  try {
    body();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

/** Says why there is no route, and takes the last one off the map and the list. */
function fail(message) {
  showRoute(null);
  setStatus(message, true);
}

function routeBetween(from, to) {
  const bundle = state.bundle;
  if (!state.conditions) return bundle.route(state.profile, from, to);
  return bundle.routeOn(conditionedMetric(), from, to);
}

/** The profile's metric with the conditions applied, made once per profile while they apply. */
function conditionedMetric() {
  let metric = state.conditions.metrics.get(state.profile);
  if (!metric) {
    metric = state.bundle.applyConditions(state.profile, state.conditions.text);
    state.conditions.metrics.set(state.profile, metric);
  }
  return metric;
}

/** Shows a route: its lines on every level, the steps, the time; switches to where it starts. */
function showRoute(route, kind, title, destination = null) {
  const list = $("steps");
  list.replaceChildren();
  $("maneuvers").replaceChildren();
  $("maneuvers-title").hidden = $("steps-title").hidden = true;
  delete document.body.dataset.maneuver;
  $("summary").textContent = "";
  state.route = null;
  for (const button of levelButtons()) {
    button.classList.remove("on-route");
    button.setAttribute("aria-label", button.title);
  }
  if (!route) return draw();
  const bundle = state.bundle;
  const steps = bundle.steps(route);
  const polylines = [];
  let length = 0;
  steps.forEach((step, index) => {
    const points = stepCoordinates(route, step);
    // A step across levels is drawn on the level it starts on and the one it ends on.
    for (const level of new Set([step.fromLevel, step.toLevel])) {
      polylines.push({ level, step: index, points: points.map(([latitude, longitude]) => project(latitude, longitude)), coordinates: points });
    }
    length += step.length;
    const item = document.createElement("li");
    item.dataset.fromLevel = state.levels[step.fromLevel].id;
    item.dataset.toLevel = state.levels[step.toLevel].id;
    if (step.fromLevel !== step.toLevel) item.classList.add("level-change");
    // A button, so that a keyboard or a screen reader can show the level a step reaches.
    const instruction = document.createElement("button");
    instruction.type = "button";
    instruction.className = "step";
    instruction.textContent = bundle.instruction(step);
    instruction.addEventListener("click", () => showLevel(step.toLevel));
    const meta = document.createElement("span");
    meta.className = "meta";
    meta.textContent = step.fromLevel !== step.toLevel || step.length < 1 ? duration(step.duration) : `${Math.round(step.length)} m`;
    item.append(instruction, meta);
    list.append(item);
  });
  state.route = { route, steps, polylines, kind, destination, maneuvers: [], selected: null };
  $("steps-title").hidden = false;
  if (state.language) {
    state.route.maneuvers = bundle.maneuvers(route, { language: state.language, destination });
    showManeuvers();
  }
  const levels = new Set(polylines.map((line) => line.level));
  for (const button of levelButtons()) {
    if (!levels.has(Number(button.dataset.level))) continue;
    button.classList.add("on-route");
    button.setAttribute("aria-label", `${button.title}, on the route`);
  }
  const seconds = route.duration / 1000;
  $("summary").textContent = `${title}: ${Math.round(length)} m, about ${duration(seconds)} (${state.profile}${state.conditions ? ", with conditions" : ""}).`;
  // The status is the one live region: it says what was found, the list says how.
  setStatus(`${kind === "exit" ? "Nearest exit found" : "Route found"}: ${Math.round(length)} m, about ${duration(seconds)}, ${steps.length} steps.`);
  document.body.dataset.route = kind;
  const level = bundle.node(route.nodes[0]).level;
  const bounds = emptyBounds();
  for (const line of polylines) if (line.level === level) for (const [x, y] of line.points) extend(bounds, x, y);
  state.level = level;
  fitBounds(bounds);
  showLevel(level);
}

/** A step's line: each node, then the corners its arc bends around, as `navforge route` writes it. */
function stepCoordinates(route, step) {
  const bundle = state.bundle, points = [];
  for (let position = step.startIndex; position <= step.endIndex; position++) {
    const node = bundle.node(route.nodes[position]);
    points.push([node.latitude, node.longitude]);
    if (position < step.endIndex) {
      const shape = bundle.arcShape(route.arcs[position]);
      // The reader's shape runs from tail to head; the nodes are already in the line.
      for (const corner of shape.slice(1, -1)) points.push(corner);
    }
  }
  return points;
}

// Directions

/** The language picker: each of the bundle's languages in its own name; the browser's language
 * first when the bundle has it, else English, else the first. Hidden for bundles without guidance. */
function setUpLanguages() {
  const bundle = state.bundle;
  const codes = bundle.languages;
  if (!codes.length) return;
  const select = $("language");
  for (const code of codes) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = languageName(code);
    select.append(option);
  }
  const wanted = [...(navigator.languages ?? []), "en"].map((tag) => tag.split("-")[0].toLowerCase());
  state.language = wanted.find((code) => codes.includes(code)) ?? codes[0];
  select.value = state.language;
  $("language-field").hidden = false;
  select.addEventListener("change", () => {
    state.language = select.value;
    if (!state.route?.maneuvers.length) return;
    state.route.maneuvers = state.bundle.maneuvers(state.route.route, { language: state.language, destination: state.route.destination });
    showManeuvers();
  });
}

/** "Deutsch" for `de`: a language is found by its own name; the code where the browser knows none. */
function languageName(code) {
  try {
    const name = new Intl.DisplayNames([code], { type: "language" }).of(code);
    return name ? name.charAt(0).toLocaleUpperCase(code) + name.slice(1) : code;
  } catch {
    return code;
  }
}

/** What the arrival names, as `navforge route` does: the place a route ends at, none when it
 * ends beside the place (its own node out of the profile's reach) or at a tapped position. */
function arrivalName(endpoint, route) {
  if (endpoint.place == null) return null;
  const place = state.bundle.place(endpoint.place);
  return place.node === route.nodes.at(-1) ? placeLabel(place) : null;
}

/** `A.2.14 Seminar room`: a place in one line, by the rule of the Swift reader's `Place.label`. */
function placeLabel(place) {
  const { ref, name } = place;
  const words = name?.split(" ") ?? [];
  if (ref != null && name != null && ref !== name && !words.includes(ref)) return `${ref} ${name}`;
  if (name != null && words.includes(ref ?? "")) return name;
  return ref ?? name ?? place.category ?? "place";
}

/** The route's maneuvers in the chosen language, each a button that shows it on the map. */
function showManeuvers() {
  const { maneuvers, selected } = state.route;
  const list = $("maneuvers");
  list.replaceChildren();
  list.lang = state.language;
  $("maneuvers-title").hidden = false;
  maneuvers.forEach((maneuver, index) => {
    const item = document.createElement("li");
    item.dataset.kind = maneuver.kind;
    if (maneuver.modifier) item.dataset.modifier = maneuver.modifier;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "maneuver";
    const text = document.createElement("span");
    text.className = "instruction";
    text.textContent = maneuver.instruction;
    button.append(arrow(maneuver), text);
    if (index === selected) button.setAttribute("aria-current", "step");
    button.addEventListener("click", () => selectManeuver(index));
    item.append(button);
    if (index < maneuvers.length - 1) {
      const meta = document.createElement("span");
      meta.className = "meta";
      meta.textContent = maneuver.spokenDistance;
      item.append(meta);
    }
    list.append(item);
  });
}

/** Byte bearing (1/256 turn) to degrees; a turn's signed change from before to after. */
const degrees = (bearing) => (bearing * 360) / 256;
const turnDegrees = (before, after) => degrees(((after - before + 384) % 256) - 128);

/** The arrow beside an instruction: a turn's drawn at its angle from the way the walker faces,
 * a departure's at its compass heading on the north-up map, a level change's up or down. */
function arrow(maneuver) {
  const mark = document.createElement("span");
  mark.className = "arrow";
  mark.setAttribute("aria-hidden", "true");
  const { kind, bearingBefore: before, bearingAfter: after, levelChange } = maneuver;
  if (levelChange) {
    mark.textContent = levelChange.direction > 0 ? "⇡" : levelChange.direction < 0 ? "⇣" : "⇢";
  } else if (kind === "arrive" || (kind === "platform" && after == null)) {
    mark.textContent = "◉";
  } else if (after != null) {
    mark.textContent = "↑";
    const angle = before == null ? degrees(after) : turnDegrees(before, after);
    mark.style.transform = `rotate(${angle.toFixed(1)}deg)`;
    mark.dataset.angle = angle.toFixed(1);
  } else {
    mark.textContent = "•";
  }
  return mark;
}

/** Shows maneuver `index` on the map: its level, centred, marked with the way to go. */
function selectManeuver(index) {
  const maneuver = state.route.maneuvers[index];
  state.route.selected = index;
  for (const [position, button] of [...$("maneuvers").querySelectorAll("button.maneuver")].entries()) {
    if (position === index) button.setAttribute("aria-current", "step");
    else button.removeAttribute("aria-current");
  }
  document.body.dataset.maneuver = String(index);
  const [x, y] = project(maneuver.latitudeE7 / 1e7, maneuver.longitudeE7 / 1e7);
  state.view.x = x;
  state.view.y = y;
  showLevel(maneuver.level);
}

/** The selected maneuver: a ring where it is and a stroke the way the walker leaves it. */
function drawSelectedManeuver(context, pixel) {
  const index = state.route?.selected;
  if (index == null) return;
  const maneuver = state.route.maneuvers[index];
  if (maneuver.level !== state.level) return;
  const [x, y] = project(maneuver.latitudeE7 / 1e7, maneuver.longitudeE7 / 1e7);
  disc(context, [x, y], 11 * pixel, "rgba(255, 255, 255, 0.85)", "#0b5cad", 3 * pixel);
  const bearing = maneuver.bearingAfter ?? maneuver.bearingBefore;
  if (bearing == null) return;
  const radians = (degrees(bearing) * Math.PI) / 180;
  const dx = Math.sin(radians), dy = -Math.cos(radians);
  context.beginPath();
  context.moveTo(x, y);
  context.lineTo(x + dx * 22 * pixel, y + dy * 22 * pixel);
  context.stroke();
}

/** The maneuvers as listed, for tests and scripts. */
function maneuverTexts() {
  return [...$("maneuvers").querySelectorAll(".instruction")].map((span) => span.textContent);
}

/** The maneuver shown on the map: its index, level and position, or null. */
function selectedManeuver() {
  const index = state.route?.selected;
  if (index == null) return null;
  const maneuver = state.route.maneuvers[index];
  return { index, level: state.levels[maneuver.level].id, latitude: maneuver.latitudeE7 / 1e7, longitude: maneuver.longitudeE7 / 1e7 };
}

function duration(seconds) {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60), rest = whole % 60;
  return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
}

function setStatus(message, isError = false) {
  const status = $("status");
  status.textContent = message;
  status.classList.toggle("error", isError);
  if (isError) {
    document.body.dataset.route = "none";
    draw();
  }
}

/** The drawn route, for tests and scripts: each step's coordinates and the level it is drawn on. */
function drawnRoute() {
  return state.route ? state.route.polylines.map(({ level, step, coordinates }) => ({ level: state.levels[level].id, step, coordinates })) : [];
}

function stepTexts() {
  return [...$("steps").querySelectorAll("button.step")].map((button) => button.textContent);
}

// Conditions

function setUpConditions() {
  if (!state.bundle.customisable) {
    // Conditions re-weigh a customisable hierarchy (format 2.0); a 1.x bundle has fixed ones.
    $("conditions-status").textContent = "This bundle's hierarchies are fixed (format 1.x), so conditions cannot be applied to it; rebuild it with contract: {method: cch}.";
    for (const id of ["conditions-file", "conditions-text", "conditions-apply", "conditions-clear"]) $(id).disabled = true;
    return;
  }
  $("conditions-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    $("conditions-text").value = await file.text();
    applyConditions();
  });
  $("conditions-apply").addEventListener("click", () => applyConditions());
  $("conditions-clear").addEventListener("click", () => {
    state.conditions = null;
    $("conditions-text").value = "";
    $("conditions-file").value = "";
    conditionsStatus("");
    document.body.dataset.conditions = "none";
    rerouteIfShown();
  });
}

function applyConditions() {
  const text = $("conditions-text").value;
  const bundle = state.bundle;
  let overlay, metric;
  try {
    overlay = bundle.conditionsOverlay(text);
    if (overlay.error) return conditionsStatus(overlay.error.message, true);
    metric = bundle.applyConditions(state.profile, text);
  } catch (error) {
    return conditionsStatus(error.message, true);
  }
  state.conditions = { text, metrics: new Map([[state.profile, metric]]), overlay: overlayGeometry(overlay) };
  conditionsStatus(`Applied: ${overlay.closed.length} ways closed, ${overlay.slowed.length} slowed. Routes now go around them.`);
  document.body.dataset.conditions = "applied";
  rerouteIfShown();
}

/** What the reader resolved the conditions to, as lines and areas in map metres, per level. */
function overlayGeometry(overlay) {
  const bundle = state.bundle, arcs = [], polygons = [];
  const drawn = new Set();
  const line = (arc, closed) => {
    const record = bundle.arc(arc);
    // The two directions of a way look the same: draw one.
    const key = `${Math.min(record.tail, record.head)}:${Math.max(record.tail, record.head)}:${closed}`;
    if (drawn.has(key)) return;
    drawn.add(key);
    const points = bundle.arcShape(arc).map(([latitude, longitude]) => project(latitude, longitude));
    const tail = bundle.node(record.tail), head = bundle.node(record.head);
    // A lift or staircase between levels is a point on each: marked where it leaves the level.
    const across = tail.level !== head.level;
    arcs.push({ level: tail.level, closed, points, marker: across ? points[0] : null });
    if (across) arcs.push({ level: head.level, closed, points, marker: points.at(-1) });
  };
  for (const arc of overlay.closed) line(arc, true);
  for (const { arc } of overlay.slowed) line(arc, false);
  for (const entry of overlay.entries) {
    if (entry.target.kind !== "polygon") continue;
    // Shaded on the levels of the ways it covers, as the reader resolved its level.
    const levels = new Set();
    for (const arc of entry.arcs) {
      const record = bundle.arc(arc);
      levels.add(bundle.node(record.tail).level).add(bundle.node(record.head).level);
    }
    polygons.push({ closed: entry.factor == null, levels: [...levels],
      points: entry.target.polygon.map(([latitude, longitude]) => project(latitude, longitude)) });
  }
  return { arcs, polygons };
}

function conditionsStatus(message, isError = false) {
  const status = $("conditions-status");
  status.textContent = message;
  status.classList.toggle("error", isError);
}

function rerouteIfShown() {
  if (state.route?.kind === "exit") computeExit();
  else if (state.route || (state.endpoints.from && state.endpoints.to)) computeRoute();
  else draw();
}

// The nearest places of a kind (docs/nearest.md)

function setUpNearest() {
  $("nearest-button").addEventListener("click", () => findNearest());
  $("nearest-kind").addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      findNearest();
    }
  });
}

/** The three places nearest to From by travel time for the profile (under the conditions) whose
 * keys start with the text, as the reader ranks them; each a button that routes to it. */
function findNearest() {
  const list = $("nearest-list"), status = $("nearest-status");
  list.replaceChildren();
  status.classList.remove("error");
  const say = (message, isError = false) => {
    status.textContent = message;
    status.classList.toggle("error", isError);
  };
  try {
    const from = nodeOf("from");
    if (from.error) return say(from.error, true);
    const text = $("nearest-kind").value.trim();
    const seats = $("nearest-capacity").value.trim();
    const filter = { keyword: text || null, minCapacity: seats ? Number(seats) : null };
    if (filter.minCapacity !== null && !Number.isInteger(filter.minCapacity)) return say("Seats are a whole number.", true);
    const bundle = state.bundle;
    const found = state.conditions ? bundle.nearestOn(conditionedMetric(), from.node, 3, filter)
      : bundle.nearest(state.profile, from.node, 3, filter);
    if (found.length === 0) return say(`Nothing that matches can be reached with the ${state.profile} profile.`);
    say(`${found.length} nearest to ${$("from").value} (${state.profile}${state.conditions ? ", with conditions" : ""}).`);
    for (const nearby of found) {
      const place = bundle.place(nearby.place);
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "nearest";
      button.dataset.place = String(nearby.place);
      button.textContent = placeLabel(place);
      const meta = document.createElement("span");
      meta.className = "meta";
      meta.textContent = `${Math.round(nearby.length / 100)} m, about ${duration(nearby.duration / 1000)}`;
      button.addEventListener("click", () => {
        if (place.level != null && place.level !== state.level) showLevel(place.level);
        setEndpoint("to", { kind: "place", place: nearby.place }, place.ref ?? place.name ?? placeLabel(place));
        // setEndpoint routes when From was picked too; a typed From is resolved by the route.
        if (!state.endpoints.from) computeRoute();
      });
      item.append(button, meta);
      list.append(item);
    }
  } catch (error) {
    say(error instanceof Error ? error.message : String(error), true);
  }
}

// Crowds from Wi-Fi counts (docs/crowds.md)

/** The areas the last draw filled, on the level shown: `{outline, density, colour}`, for the tests. */
let drawnCrowds = [];

function setUpCrowds() {
  const controls = ["crowds-file", "crowds-text", "crowds-show", "crowds-route", "crowds-clear"];
  if (!state.bundle.has("CRWD")) {
    $("crowds-status").textContent = "This bundle has no crowd map: it needs a Wi-Fi survey (formats 2.3 and 1.5 on).";
    for (const id of controls) $(id).disabled = true;
    return;
  }
  $("crowds-route").disabled = !state.bundle.customisable;
  $("crowds-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    $("crowds-text").value = await file.text();
    showCrowds();
  });
  $("crowds-show").addEventListener("click", () => showCrowds());
  $("crowds-route").addEventListener("click", () => {
    if (!showCrowds()) return;
    // The crowd's slow-downs and closures become the conditions routes go around.
    $("conditions-text").value = state.bundle.crowdConditions(state.crowds.counts);
    applyConditions();
  });
  $("crowds-clear").addEventListener("click", () => {
    state.crowds = null;
    $("crowds-text").value = "";
    $("crowds-file").value = "";
    crowdsStatus("");
    document.body.dataset.crowds = "none";
    draw();
  });
}

function crowdsStatus(message, isError = false) {
  const status = $("crowds-status");
  status.textContent = message;
  status.classList.toggle("error", isError);
}

/** Reads the counts and draws each area the access points serve by its density; false when the
 * counts cannot be read. */
function showCrowds() {
  let counts, areas;
  try {
    counts = countsOf($("crowds-text").value);
    areas = state.bundle.crowd(counts);
  } catch (error) {
    crowdsStatus(error.message, true);
    return false;
  }
  state.crowds = { counts, areas: new Map(areas.map((area) => [area.outline, area])) };
  const busiest = areas.reduce((best, area) => (best === null || area.density > best.density ? area : best), null);
  const crowded = areas.filter((area) => area.people > 0);
  const label = busiest && busiest.people > 0 ? (outlineAt(busiest.outline)?.label ?? "an area") : null;
  crowdsStatus(crowded.length === 0 ? "No area of the map has people counted."
    : `${crowded.length} areas with people; the busiest, ${label}, has ${busiest.density.toFixed(2)} people/m²`
      + `${busiest.factor === null ? ", standing still" : `, walking at ${Math.round(100000 / busiest.factor)} %`}.`);
  document.body.dataset.crowds = "shown";
  draw();
  return true;
}

/** Devices per access point as the command line reads them: a JSON object from access point to
 * count, entries with `bssid` (or `mac`, `ap_mac`, `ap`) and `devices` (or `clients`,
 * `client_count`, `count`, `people`), either under `counts`; or CSV with a header naming them. */
function countsOf(text) {
  const pointKeys = ["bssid", "mac", "ap_mac", "ap"], countKeys = ["devices", "clients", "client_count", "count", "people"];
  const trimmed = text.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    let root = JSON.parse(trimmed);
    if (root && !Array.isArray(root) && Object.keys(root).length === 1 && "counts" in root) root = root.counts;
    if (!Array.isArray(root)) return root;
    const counts = {};
    for (const entry of root) {
      const point = pointKeys.map((key) => entry[key]).find((value) => typeof value === "string");
      const count = countKeys.map((key) => entry[key]).find((value) => value !== undefined);
      if (point === undefined || count === undefined) throw new Error("an entry without an access point or a count");
      counts[point] = (counts[point] ?? 0) + count;
    }
    return counts;
  }
  const lines = trimmed.split(/\r?\n/);
  const separator = lines[0].includes(";") && !lines[0].includes(",") ? ";" : ",";
  const header = lines[0].split(separator).map((cell) => cell.trim().toLowerCase());
  const pointColumn = pointKeys.map((key) => header.indexOf(key)).find((index) => index >= 0);
  const countColumn = countKeys.map((key) => header.indexOf(key)).find((index) => index >= 0);
  if (pointColumn === undefined || countColumn === undefined) throw new Error("the header needs an access point column and a count column");
  const counts = {};
  lines.slice(1).filter((line) => line.trim()).forEach((line, index) => {
    const cells = line.split(separator).map((cell) => cell.trim());
    const count = Number(cells[countColumn]);
    if (!Number.isInteger(count) || count < 0) throw new Error(`line ${index + 2}: "${cells[countColumn]}" is not a count`);
    counts[cells[pointColumn]] = (counts[cells[pointColumn]] ?? 0) + count;
  });
  return counts;
}

/** Outline `index` of OUTL, whose outlines are stored level by level. */
function outlineAt(index) {
  let first = 0;
  for (let level = 0; level < state.levels.length; level++) {
    const outlines = state.bundle.outlines(level);
    if (index < first + outlines.length) return { ...outlines[index - first], level };
    first += outlines.length;
  }
  return null;
}

/** The heat of a density: green where people walk freely, through yellow and orange, red near a
 * standstill, dark red where they stand still. */
function heat(area) {
  if (area.factor === null) return "rgba(128, 0, 0, 0.6)";
  if (area.density < 0.5) return "rgba(47, 158, 68, 0.35)";
  if (area.density < 1.5) return "rgba(245, 196, 0, 0.45)";
  if (area.density < 3) return "rgba(232, 110, 12, 0.5)";
  return "rgba(201, 42, 42, 0.55)";
}

function drawCrowds(context) {
  drawnCrowds = [];
  if (!state.crowds || !state.bundle.has("OUTL")) return;
  let first = 0;
  for (let level = 0; level < state.level; level++) first += state.bundle.outlines(level).length;
  state.bundle.outlines(state.level).forEach((outline, offset) => {
    const area = state.crowds.areas.get(first + offset);
    if (!area || area.people === 0) return;
    const path = new Path2D();
    for (const ring of outline.rings) {
      ring.forEach(([latitude, longitude], index) => {
        const [x, y] = project(latitude, longitude);
        if (index === 0) path.moveTo(x, y);
        else path.lineTo(x, y);
      });
      path.closePath();
    }
    const colour = heat(area);
    context.fillStyle = colour;
    context.fill(path, "evenodd");
    drawnCrowds.push({ outline: area.outline, label: outline.label, density: area.density, colour });
  });
}

// Tours (docs/tours.md)

/** Lists the bundle's tours, each a button that draws it: led onto it from From where it is
 * nearest when From is set, else from its own start. */
function setUpTours() {
  const list = $("tours-list"), status = $("tours-status");
  const tours = state.bundle.tours();
  status.textContent = tours.length === 0 ? "This bundle has no tours." : `${tours.length} ${tours.length === 1 ? "tour" : "tours"}.`;
  tours.forEach((tour, index) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tour";
    button.dataset.tour = String(index);
    button.textContent = tour.name;
    const meta = document.createElement("span");
    meta.className = "meta";
    const closed = Object.keys(tour.durations).filter((name) => tour.durations[name] === null);
    meta.textContent = [tour.kind.replace("_", " "), `${Math.round(tour.length / 100)} m`, tour.start === tour.end ? "loop" : "one way",
      ...(closed.length ? [`not for ${closed.join(", ")}`] : [])].join(" · ");
    button.addEventListener("click", () => followTour(index));
    item.append(button, meta);
    list.append(item);
  });
}

function followTour(index) {
  const status = $("tours-status");
  status.classList.remove("error");
  const say = (message, isError = false) => {
    status.textContent = message;
    status.classList.toggle("error", isError);
  };
  try {
    const bundle = state.bundle;
    const tour = bundle.tours()[index];
    if (tour.durations[state.profile] === null) return say(`The ${state.profile} profile cannot follow ${tour.name} whole.`, true);
    const from = state.endpoints.from || $("from").value.trim() ? nodeOf("from") : null;
    if (from?.error) return say(from.error, true);
    const route = from ? bundle.followTour(state.profile, from.node, index, "nearest")
      : bundle.followTour(state.profile, tour.start, index, "start");
    if (route === null) return say(`${tour.name} cannot be reached from ${$("from").value} with the ${state.profile} profile.`, true);
    say(from ? `Onto ${tour.name} where it is nearest to ${$("from").value}, then round it.` : `${tour.name}, from its start.`);
    showRoute(route, "tour", from ? `${$("from").value} → ${tour.name}` : tour.name, tour.name);
  } catch (error) {
    say(error instanceof Error ? error.message : String(error), true);
  }
}

// Locating a Wi-Fi scan

function setUpLocate() {
  const panel = $("locate-panel");
  if (!state.bundle.hasRadioMap) {
    $("locate-status").textContent = "This bundle has no Wi-Fi radio map.";
    for (const id of ["scan-sample", "scan-text", "locate-button", "locate-from"]) $(id).disabled = true;
    panel.dataset.radioMap = "none";
    return;
  }
  state.samples = state.bundle.radioMapSamples(40);
  const select = $("scan-sample");
  const none = document.createElement("option");
  none.value = "";
  none.textContent = `Choose one of ${state.samples.length} samples`;
  select.append(none);
  state.samples.forEach((sample, index) => {
    const option = document.createElement("option");
    option.value = String(index);
    option.textContent = sample.label;
    select.append(option);
  });
  select.addEventListener("change", () => {
    const sample = state.samples[Number(select.value)];
    if (!sample) return;
    $("scan-text").value = sample.scan.map(({ id, rssi }) => `${id}:${rssi}`).join(",");
    locate();
  });
  $("locate-button").addEventListener("click", () => locate());
  $("locate-from").addEventListener("click", () => {
    if (!state.fix || state.fix.venueLevel == null) return locateStatus("Locate a scan on a level of this map first.", true);
    const { latitude, longitude, venueLevel } = state.fix;
    setEndpoint("from", { kind: "position", latitude, longitude, level: venueLevel },
      `${latitude.toFixed(7)},${longitude.toFixed(7)}@${state.levels[venueLevel].id}`);
    if (!state.endpoints.to && $("to").value.trim()) computeRoute();
  });
}

/** `ID:RSSI` pairs joined by commas, the RSSI after the last colon (a BSSID has colons too). */
function parseScan(text) {
  const readings = [];
  for (const pair of text.split(",").map((part) => part.trim()).filter(Boolean)) {
    const colon = pair.lastIndexOf(":");
    const rssi = Number(pair.slice(colon + 1));
    if (colon <= 0 || !/^-?\d+(\.\d+)?$/.test(pair.slice(colon + 1))) return { error: `“${pair}” is not ID:RSSI.` };
    readings.push({ id: pair.slice(0, colon), rssi });
  }
  return readings.length ? { readings } : { error: "Paste a scan: ID:RSSI pairs joined by commas." };
}

function locate() {
  const scan = parseScan($("scan-text").value);
  if (scan.error) return locateStatus(scan.error, true);
  let fix;
  try {
    fix = state.bundle.locate(scan.readings);
  } catch (error) {
    return locateStatus(error.message, true);
  }
  state.fix = fix;
  document.body.dataset.fix = fix ? "located" : "unknown";
  if (!fix) {
    $("locate-places").textContent = "";
    draw();
    return locateStatus("Unknown: the scan hears no access point of this radio map.", true);
  }
  const level = fix.venueLevel != null ? state.levels[fix.venueLevel] : null;
  locateStatus(`${fix.buildingName}, floor ${fix.floorName}${level ? ` (level ${levelLabel(level)})` : ""}: ` +
    `${fix.latitude.toFixed(7)}, ${fix.longitude.toFixed(7)}, confidence ${fix.confidence.toFixed(2)}.`);
  showGeofences(fix);
  if (level) {
    const [x, y] = project(fix.latitude, fix.longitude);
    state.level = level.index;
    fitBounds({ minX: x - 25, maxX: x + 25, minY: y - 25, maxY: y + 25 });
    showLevel(level.index);
  } else {
    draw();
  }
}

/** The places the fix is in or near (docs/geofences.md), under the locate status: what an app
 * would notify about at this position. Bundles before 2.2 and 1.4 have no geofences. */
function showGeofences(fix) {
  const line = $("locate-places");
  line.textContent = "";
  if (!fix || fix.venueLevel == null || !state.bundle.has("GFNC")) return;
  const hits = state.bundle.geofences(fix.latitude, fix.longitude, fix.venueLevel);
  const names = (inside) => hits.filter((hit) => hit.inside === inside).map((hit) => placeLabel(state.bundle.place(hit.place)));
  const parts = [];
  if (names(true).length) parts.push(`In ${names(true).join(", ")}.`);
  if (names(false).length) parts.push(`Near ${names(false).join(", ")}.`);
  line.textContent = parts.length ? parts.join(" ") : "In or near no place.";
}

function locateStatus(message, isError = false) {
  const status = $("locate-status");
  status.textContent = message;
  status.classList.toggle("error", isError);
}
