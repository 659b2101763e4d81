// The table of subscriptions: one page at a time, filtered by the server, refreshed while the operator watches.
import { call, element, query } from './api.js';

const PAGE_SIZE = 50;
const REFRESH_MS = 5000;
const FILTER_DELAY_MS = 300;

export class SubscriptionTable {
  constructor(onSelect, onNode) {
    this.onSelect = onSelect;
    this.onNode = onNode;
    this.text = '';
    this.offset = 0;
    this.total = 0;
    this.selected = null;
    this.loading = false;
    this.asked = 0;
    this.body = document.querySelector('#subscriptions tbody');
    document.getElementById('prev').addEventListener('click', () => this.move(-PAGE_SIZE));
    document.getElementById('next').addEventListener('click', () => this.move(PAGE_SIZE));
    let typing = null;
    document.getElementById('filter').addEventListener('input', (event) => {
      clearTimeout(typing);
      typing = setTimeout(() => {
        this.text = event.target.value.trim();
        this.offset = 0;
        this.load();
      }, FILTER_DELAY_MS);
    });
    this.timer = setInterval(() => {
      if (document.getElementById('live').checked && !this.loading) {
        this.load();
      }
    }, REFRESH_MS);
  }

  /** Shows the subscriptions whose address, queue or rule contains {@code text}, from the first. */
  filter(text) {
    document.getElementById('filter').value = text;
    this.text = text;
    this.offset = 0;
    this.load();
  }

  move(by) {
    const next = this.offset + by;
    if (next >= 0 && next < this.total) {
      this.offset = next;
      this.load();
    }
  }

  async load() {
    this.loading = true;
    const asked = ++this.asked;
    try {
      const answer = await call('GET', 'api/subscriptions?' + query({ q: this.text, offset: this.offset, limit: PAGE_SIZE }));
      if (asked !== this.asked) {
        return; // the operator asked for another page or filter meanwhile: an older answer must not overwrite it
      }
      const error = document.getElementById('list-error');
      if (!answer.ok) {
        error.textContent = answer.data.error;
        return;
      }
      error.textContent = '';
      this.total = answer.data.total;
      this.onNode(answer.data.node);
      this.render(answer.data.subscriptions);
    } finally {
      this.loading = false;
    }
  }

  render(rows) {
    const first = rows.length ? this.offset + 1 : 0;
    document.getElementById('page-info').textContent = first + '–' + (this.offset + rows.length) + ' of ' + this.total;
    document.getElementById('prev').disabled = this.offset === 0;
    document.getElementById('next').disabled = this.offset + rows.length >= this.total;
    document.getElementById('refreshed').textContent = 'refreshed ' + new Date().toLocaleTimeString();
    this.body.replaceChildren(...rows.map((row) => this.line(row)));
  }

  line(row) {
    const tr = element('tr');
    tr.dataset.queue = row.queue;
    tr.dataset.address = row.address;
    if (this.selected && this.selected.queue === row.queue && this.selected.address === row.address) {
      tr.className = 'selected';
      this.onSelect(row, false);
    }
    tr.append(element('td', row.address), element('td', row.queue), element('td', row.rule ?? '(none)', 'rule'),
      element('td', row.source), element('td', exactness(row.exact)),
      element('td', row.enabled ? 'on' : 'off', row.enabled ? '' : 'off'),
      element('td', row.matched, 'number'), element('td', row.rejected, 'number'),
      element('td', row.messages ?? '?', 'number'), element('td', row.consumers ?? '?', 'number'),
      element('td', row.indexed ? 'served' : 'not served: ' + (row.routing ?? '')));
    if (row.countsError) {
      tr.title = row.countsError;
    }
    tr.addEventListener('click', () => {
      this.selected = { address: row.address, queue: row.queue };
      this.body.querySelectorAll('tr.selected').forEach((other) => other.classList.remove('selected'));
      tr.classList.add('selected');
      this.onSelect(row, true);
    });
    return tr;
  }

  stop() {
    clearInterval(this.timer);
  }
}

/** Whether Artemis's own SQL filter means the rule exactly, or RuleFilter judges the rest itself. */
function exactness(exact) {
  if (exact === null || exact === undefined) {
    return '';
  }
  return exact ? 'exact' : 'partial (RuleFilter judges)';
}
