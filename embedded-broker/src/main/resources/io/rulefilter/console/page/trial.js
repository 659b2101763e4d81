// "Try": a rule on a message built here, with each condition's verdict; and a dry run of the rule on the messages
// waiting in the selected subscription's queue. Neither changes anything.
import { call, element } from './api.js';

const $ = (id) => document.getElementById(id);
const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

export class RuleTrialPanel {
  constructor() {
    this.subscription = null;
    $('try-run').addEventListener('click', () => this.tryRule());
    $('dry-run').addEventListener('click', () => this.dryRun());
  }

  /** The subscription a dry run reads; its rule is the one to try, until the operator types another. */
  select(subscription) {
    this.subscription = subscription;
    $('dry-run').disabled = false;
    $('dry-run').textContent = 'Dry run on the waiting messages of ' + subscription.queue;
    $('try-rule').value = subscription.rule ?? '';
  }

  clear() {
    ['try-verdict', 'try-error', 'dry-result', 'dry-not-kept'].forEach((id) => { $(id).textContent = ''; });
    $('try-conditions').replaceChildren();
  }

  async tryRule() {
    this.clear();
    let message;
    try {
      message = { tag: $('try-tag').value || null, properties: properties($('try-properties').value),
        body: $('try-body').value || null };
    } catch (e) {
      $('try-error').textContent = e.message;
      return;
    }
    const answer = await call('POST', 'api/try', { rule: $('try-rule').value.trim(), message });
    if (!answer.ok) {
      $('try-error').textContent = answer.data.error;
      return;
    }
    $('try-verdict').replaceChildren(verdict(answer.data.matched, answer.data.matched ? 'matched: delivered'
      : 'not matched: not delivered'), ' (' + answer.data.canonical + ')');
    $('try-conditions').replaceChildren(condition(answer.data.conditions));
  }

  async dryRun() {
    this.clear();
    const { address, queue } = this.subscription;
    const answer = await call('POST', 'api/dry-run', { address, queue, rule: $('try-rule').value.trim() });
    if (!answer.ok) {
      $('try-error').textContent = answer.data.error;
      return;
    }
    const run = answer.data;
    $('dry-result').textContent = 'Of ' + run.examined + ' waiting messages of ' + queue + ', the rule keeps ' + run.kept
      + ' and would not keep ' + run.notKept + (run.more ? ' (more are waiting: only the oldest were read)' : '')
      + (run.addressRule ? '; with the address rule ' + run.addressRule : '') + '.';
    $('dry-not-kept').textContent = run.notKeptIds.length ? 'Not kept, message IDs: ' + run.notKeptIds.join(', ') : '';
  }
}

/** name=value lines; numbers as JSON writes them are numbers, as `rulefilter publish` reads them. */
function properties(text) {
  const result = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) {
      continue;
    }
    const eq = line.indexOf('=');
    if (eq <= 0) {
      throw new Error('a property is name=value, not: ' + line);
    }
    const value = line.substring(eq + 1);
    result[line.substring(0, eq).trim()] = NUMBER.test(value) ? Number(value) : value;
  }
  return result;
}

function verdict(matched, text) {
  return element('span', text, matched ? 'matched' : 'not-matched');
}

/** The explanation tree: each condition with its verdict, "and", "or" and "not" with theirs above their operands. */
function condition(node) {
  const item = element('li');
  item.append(verdict(node.matched, node.matched ? '[match]' : '[no match]'), ' ' + node.node);
  if (node.operands) {
    const list = element('ul');
    list.append(...node.operands.map(condition));
    item.append(list);
  }
  return item;
}
