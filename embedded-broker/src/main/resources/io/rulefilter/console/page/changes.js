// The recent changes in force on this node, whoever made them and however (this page, the rules command, JMX, another
// cluster node, a queue's filter replaced through Artemis): old rule → new rule, who, when, where.
import { call, element, when } from './api.js';

export async function loadChanges() {
  const answer = await call('GET', 'api/changes');
  const list = document.getElementById('change-list');
  if (!answer.ok) {
    list.replaceChildren(element('li', answer.data.error, 'error'));
    return;
  }
  list.replaceChildren(...answer.data.changes.map(line));
}

function line(change) {
  const item = element('li');
  item.append(element('strong', change.changedBy ?? 'unknown'), ' ' + change.what + ' of ' + change.target + ': ',
    element('code', change.before ?? '(none)'), ' → ', element('code', change.after ?? '(none)'),
    element('span', ' at ' + when(change.changedAt) + (change.node ? ' on node ' + change.node : '')
      + (change.origin && change.origin !== 'this node' ? ', from ' + change.origin : ''), 'muted'));
  return item;
}
