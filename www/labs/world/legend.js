// The world lab's legend, from the core (worldLegend): each ground's colour, then each layer of
// objects with its spacing and where it may stand.

/** The legend: each ground's colour, then each layer with its spacing and where it grows. */
export function buildLegend(container, legend) {
  const land = legend.filter((e) => e.kind === 'ground' && e.land).map((e) => e.name);
  const grounds = legend.filter((e) => e.kind === 'ground');
  const objects = legend.filter((e) => e.kind === 'object');

  const list = (title, entries, describe) => {
    const group = document.createElement('div');
    group.className = 'world-legend-group';
    const heading = document.createElement('h3');
    heading.textContent = title;
    const ul = document.createElement('ul');
    for (const entry of entries) {
      const li = document.createElement('li');
      li.dataset.legend = entry.name;
      const swatch = document.createElement('span');
      swatch.className = `swatch swatch-${entry.kind}`;
      swatch.setAttribute('aria-hidden', 'true');
      swatch.style.backgroundColor = `rgb(${entry.rgb.join(', ')})`;
      li.append(swatch, describe(entry));
      ul.append(li);
    }
    group.append(heading, ul);
    container.append(group);
  };

  list('Ground', grounds, (g) => g.name);
  list('Layers, one shared grid', objects, (o) => {
    const span = document.createElement('span');
    const name = document.createElement('strong');
    name.textContent = o.name;
    const everywhereOnLand = o.on.length === land.length && o.on.every((g) => land.includes(g));
    const where = everywhereOnLand ? 'on land' : `on ${o.on.join(', ')} only`;
    span.append(name, ` spacing `, spacingText(o.spacing), ` · ${where}`);
    return span;
  });
}

function spacingText(spacing) {
  const value = document.createElement('span');
  value.className = 'world-spacing';
  value.dataset.spacing = String(spacing);
  value.textContent = String(spacing);
  return value;
}
