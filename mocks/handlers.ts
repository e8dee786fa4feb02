import { accountHandlers } from './account'
import { productHandlers } from './products'
import { collectionHandlers } from './collections'
import { orderHandlers } from './orders'
import { rulesHandlers } from './rules'
import { searchHandlers } from './search'
import { sommelierHandlers } from './sommelier'

/** The one handler list: the node test server and the browser worker both use it. */
export const handlers = [
  ...accountHandlers,
  ...productHandlers,
  ...orderHandlers,
  ...collectionHandlers,
  ...rulesHandlers,
  ...sommelierHandlers,
  ...searchHandlers,
]
