/**
 * The antd components PH hands to applications (PH.antd, this module's namespace). An
 * application must not bundle antd or React itself (two Reacts break hooks); it builds with
 * these, the kit and PH.createElement. A chosen set, not all of antd, so PH's bundle holds only
 * what applications use. Listed once: PH.antd's type is this module's, so each component keeps
 * antd's own type under a name PH's declarations (ph.d.ts) can spell.
 */
export {
  Button,
  Card,
  Descriptions,
  Divider,
  Flex,
  Form,
  Input,
  InputNumber,
  List,
  Popconfirm,
  Radio,
  Segmented,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
