import { sql } from 'kysely';
import { allDictionaries } from '../../../model/dictionaries';
import { sysDictionaryItem } from '../../../model/entities/admin-sysdict.entity';
import type { AuthContext } from '../../access/auth-context';
import { assertCan } from '../../access/permissions';
import type { Db } from '../../db/database';
import { registerViewScope } from '../../resources/view-reader';

/** Every item of every declared dictionary as one row, numbered in declaration order (the platform's: no company). */
function dictionaryRows() {
  let id = 0;
  return allDictionaries().flatMap((d) =>
    d.items.map((i) => ({ id: ++id, client_id: null, dict_code: d.code, dict_zh: d.label.zh, dict_en: d.label.en, value: i.value, label_zh: i.label.zh, label_en: i.label.en })),
  );
}

/**
 * The system dictionary's rows are the declarations (src/model), read through the list query of
 * every list as one JSON parameter turned into rows; the super administrator's alone (403 to others).
 */
registerViewScope(
  sysDictionaryItem.name,
  async (auth: AuthContext, db: Db) => {
    await assertCan(auth, sysDictionaryItem.menuCode, 'read', { db });
    return { where: sql`true`, tenant: null };
  },
  {
    source: () => sql`(select * from jsonb_to_recordset(${JSON.stringify(dictionaryRows())}::jsonb)
      as x(id int, client_id int, dict_code text, dict_zh text, dict_en text, value text, label_zh text, label_en text))`,
  },
);
