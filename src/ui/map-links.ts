/**
 * SPEC §2 map and slideshow addresses (hash routes), for every feature that links to a map: the viewer and editor,
 * the dashboard, the search modal and the wall tokens. Plain strings: no map code comes with them.
 */
const enc = encodeURIComponent

/** /maps/{hostgroup_name}/{name}/(view|display|fullscreen|timeline|edit|legacy|legacy/edit). */
export const mapPath = (
  hostgroupName: string,
  name: string,
  mode?: 'view' | 'display' | 'fullscreen' | 'timeline' | 'edit' | 'legacy' | 'legacy/edit',
) => `/maps/${enc(hostgroupName)}/${enc(name)}${mode ? `/${mode}` : ''}`

/** /maps/slideshows/{hostgroup_name}/{name}(/fullscreen|/edit). */
export const slideshowPath = (hostgroupName: string, name: string, mode?: 'fullscreen' | 'edit') =>
  `/maps/slideshows/${enc(hostgroupName)}/${enc(name)}${mode ? `/${mode}` : ''}`
