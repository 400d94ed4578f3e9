import { defineDictionary } from '../dictionaries';
import { defineEntity } from '../entity';

export const noteColour = defineDictionary({
  code: 'note_colour',
  label: { zh: '颜色', en: 'Colour' },
  items: [
    { value: 'yellow', label: { zh: '黄色', en: 'Yellow' } },
    { value: 'green', label: { zh: '绿色', en: 'Green' } },
    { value: 'blue', label: { zh: '蓝色', en: 'Blue' } },
    { value: 'pink', label: { zh: '粉色', en: 'Pink' } },
  ],
});

/**
 * A personal note (spec 2 "Business: ... tasks, notes"; issue 35): a title, the text, a colour and
 * whether it sits on top. Each note is its writer's own (`personal`): the generic resource API lists,
 * opens, saves and removes only the caller's notes within the caller's company, in SQL, so no
 * colleague, administrator or other company sees them.
 */
export const note = defineEntity({
  name: 'note',
  table: 'collab_note',
  prefix: 'notifyapi',
  menuCode: 'collab.notes',
  label: { zh: '便签', en: 'Note' },
  titleField: 'title',
  personal: true,
  defaultSort: { field: 'updated_at', dir: 'desc' },
  fields: [
    { key: 'title', label: { zh: '标题', en: 'Title' }, type: 'text', required: true, maxLength: 100, trim: true },
    { key: 'content', label: { zh: '内容', en: 'Content' }, type: 'textarea', maxLength: 5000 },
    { key: 'colour', label: { zh: '颜色', en: 'Colour' }, type: 'dict', dict: 'note_colour', required: true, default: 'yellow' },
    { key: 'pinned', label: { zh: '置顶', en: 'Pinned' }, type: 'boolean', default: false },
  ],
});
