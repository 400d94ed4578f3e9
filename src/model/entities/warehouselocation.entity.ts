import { defineEntity } from '../entity';

/** A warehouse location (库位) of a plant (issue 17): receipts post stock into it, moves leave it. */
export const warehouseLocation = defineEntity({
  name: 'warehouselocation',
  table: 'wms_location',
  prefix: 'srmapi',
  menuCode: 'wms.location',
  label: { zh: '库位', en: 'Warehouse location' },
  titleField: 'name',
  codeField: 'code',
  defaultSort: { field: 'code', dir: 'asc' },
  // Minimum and reorder levels per material at this location (stocklevel.entity.ts), edited as a grid in the drawer: one line per material.
  children: [
    { key: 'levels', label: { zh: '库存水位', en: 'Stock levels' }, entity: 'stocklevel', foreignKey: 'location_id', distinct: { fields: ['material_id'], message: 'wms.level.duplicate' } },
  ],
  fields: [
    { key: 'code', label: { zh: '库位编码', en: 'Location code' }, type: 'code', required: true, rules: ['english'], upperCase: true, maxLength: 40, unique: true },
    { key: 'name', label: { zh: '库位名称', en: 'Location name' }, type: 'text', required: true, maxLength: 200 },
    { key: 'plant_id', label: { zh: '所属工厂', en: 'Plant' }, type: 'reference', required: true, ref: { entity: 'plant', labelField: 'name', codeField: 'code' } },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'text', maxLength: 200 },
  ],
});
