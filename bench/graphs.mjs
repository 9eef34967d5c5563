// Shared by the benchmarks: seeded random layered DAGs, and a geometric edge-crossing counter that
// scores any layout the same way (ours and elkjs's).

/** mulberry32: a small seeded PRNG, so every run sees the same graphs. */
export function rng(seed) {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A random layered DAG of `n` nodes in about √n layers, with about 1.5 edges per node: each node
 * below the first layer has one edge from the layer above, and three in five one more from one to
 * three layers above (about 1.5 edges per node in all). Widths vary like block names (64–200 px).
 */
export function randomLayeredDag(n, seed = 1) {
  const random = rng(seed * 7919 + n);
  const layerCount = Math.max(2, Math.round(Math.sqrt(n)));
  const layers = Array.from({ length: layerCount }, () => []);
  for (let v = 0; v < n; v++) layers[v < layerCount ? v : Math.floor(random() * layerCount)].push(v);
  const layerOf = new Array(n);
  layers.forEach((nodes, l) => nodes.forEach((v) => (layerOf[v] = l)));
  const pick = (l) => layers[l][Math.floor(random() * layers[l].length)];
  const edges = new Set();
  for (let v = 0; v < n; v++) {
    const l = layerOf[v];
    if (l === 0) continue;
    edges.add(`${pick(l - 1)},${v}`);
    if (random() < 0.6) {
      const from = Math.max(0, l - 1 - Math.floor(random() * 3));
      edges.add(`${pick(from)},${v}`);
    }
  }
  const widths = Array.from({ length: n }, () => 64 + Math.round(random() * 136));
  return { widths, edges: [...edges].map((e) => e.split(",").map(Number)) };
}

/**
 * A dense DAG at the widget's bounds: `n` nodes in `layers` layers (each node one layer), and
 * `edgeCount` edges whose spans (layers crossed) average about `meanSpan`, so the layout's work
 * (edge segments) is about edgeCount × meanSpan. Seeded like the others.
 */
export function denseDag(n, layers, edgeCount, meanSpan, seed = 1) {
  const random = rng(seed * 104729 + n + edgeCount);
  const layerOf = Array.from({ length: n }, (_, v) => Math.floor((v * layers) / n));
  const inLayer = Array.from({ length: layers }, () => []);
  layerOf.forEach((l, v) => inLayer[l].push(v));
  const pick = (l) => inLayer[l][Math.floor(random() * inLayer[l].length)];
  const edges = new Set();
  // A chain through the layers, so every layer is used; then spans drawn around the mean.
  for (let l = 1; l < layers; l++) edges.add(`${pick(l - 1)},${pick(l)}`);
  for (let guard = 0; edges.size < edgeCount && guard < edgeCount * 20; guard++) {
    const span = Math.max(1, Math.min(layers - 1, Math.round(meanSpan * 2 * random())));
    const from = Math.floor(random() * (layers - span));
    edges.add(`${pick(from)},${pick(from + span)}`);
  }
  const widths = Array.from({ length: n }, () => 64 + Math.round(random() * 136));
  return { widths, edges: [...edges].map((e) => e.split(",").map(Number)) };
}

/**
 * Proper crossings between polylines (arrays of [x, y]); segments of the same polyline and
 * segments that merely touch (a shared node, a shared endpoint) do not count.
 */
export function countCrossings(polylines) {
  const segments = [];
  polylines.forEach((points, edge) => {
    for (let i = 1; i < points.length; i++) {
      const [a, b] = [points[i - 1], points[i]];
      segments.push({ edge, a, b, minY: Math.min(a[1], b[1]), maxY: Math.max(a[1], b[1]), minX: Math.min(a[0], b[0]), maxX: Math.max(a[0], b[0]) });
    }
  });
  segments.sort((s, t) => s.minY - t.minY);
  const cross = (p, q, r) => (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
  const eps = 1e-6;
  let count = 0;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    for (let j = i + 1; j < segments.length && segments[j].minY < s.maxY - eps; j++) {
      const t = segments[j];
      if (t.edge === s.edge || t.minX > s.maxX || t.maxX < s.minX) continue;
      const d1 = cross(s.a, s.b, t.a), d2 = cross(s.a, s.b, t.b), d3 = cross(t.a, t.b, s.a), d4 = cross(t.a, t.b, s.b);
      if (((d1 > eps && d2 < -eps) || (d1 < -eps && d2 > eps)) && ((d3 > eps && d4 < -eps) || (d3 < -eps && d4 > eps))) count++;
    }
  }
  return count;
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
