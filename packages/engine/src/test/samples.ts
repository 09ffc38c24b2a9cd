/** A complete, publishable SOR draft built through commands (used by several tests). */
import type { Draft } from '../model.js';
import { textDoc } from '../model.js';
import { blank, run } from './harness.js';

export function completeSor(): Draft {
  return run(
    blank('sor'),
    {
      type: 'draft/setMeta',
      patch: { title: '1-тоқсан бойынша БЖБ: Қазақ тілі', class: 5, duration: 40 },
    },
    { type: 'purpose/add', purposeId: 'g1', title: '5.1.2.1 мәтіннің негізгі ойын анықтау' },
    { type: 'page/add', pageId: 'p1', title: 'Тапсырмалар' },
    {
      type: 'module/add',
      pageId: 'p1',
      moduleId: 'm1',
      moduleType: 'task',
      title: 'Дұрыс жауапты таңдаңыз',
    },
    { type: 'module/setContent', moduleId: 'm1', content: textDoc('Абайдың туған жері?') },
    {
      type: 'module/setOptions',
      moduleId: 'm1',
      options: {
        kind: 'select',
        items: [
          { id: 'o1', text: 'Шыңғыстау' },
          { id: 'o2', text: 'Алатау' },
        ],
        rightId: 'o1',
      },
    },
    { type: 'descriptor/setCriterion', moduleId: 'm1', criterion: 'Ақпаратты табады' },
    {
      type: 'descriptor/addRow',
      moduleId: 'm1',
      rowId: 'd1',
      title: 'дұрыс жауапты таңдайды',
      mark: 1,
    },
    { type: 'purpose/attach', purposeId: 'g1', moduleId: 'm1' },
    {
      type: 'module/add',
      pageId: 'p1',
      moduleId: 'm2',
      moduleType: 'task',
      title: 'Сәйкестендіріңіз',
    },
    {
      type: 'module/setOptions',
      moduleId: 'm2',
      options: {
        kind: 'connection',
        left: [
          { id: 'l1', content: 'ақын' },
          { id: 'l2', content: 'ғалым' },
        ],
        right: [
          { id: 'r1', content: 'Абай' },
          { id: 'r2', content: 'Сәтбаев' },
        ],
        links: [
          { left: 'l1', right: 'r1' },
          { left: 'l2', right: 'r2' },
        ],
      },
    },
    { type: 'descriptor/setCriterion', moduleId: 'm2', criterion: 'Сәйкестендіреді' },
    { type: 'descriptor/addRow', moduleId: 'm2', rowId: 'd2', title: 'бірінші жұп', mark: 1 },
    { type: 'descriptor/addRow', moduleId: 'm2', rowId: 'd3', title: 'екінші жұп', mark: 2 },
    { type: 'module/setCriteria', moduleId: 'm2', patch: { maxNumbers: 4 } },
    { type: 'purpose/attach', purposeId: 'g1', moduleId: 'm2' },
    { type: 'module/add', pageId: 'p1', moduleId: 'm3', moduleType: 'simple', title: 'Нұсқаулық' },
  );
}
