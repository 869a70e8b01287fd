// Loaded only through a dynamic import from TopBarChart, so ECharts is a chunk of its own that
// reaches the browser only when a chart is drawn (never with the entry or the /login route).
import { BarChart } from 'echarts/charts';
import { AriaComponent, GridComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only the parts a bar chart needs: the full ECharts build is several times larger.
use([BarChart, GridComponent, TooltipComponent, AriaComponent, CanvasRenderer]);

export { init };
