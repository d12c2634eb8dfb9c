import {
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

/**
 * The antd components PH hands to applications (PH.antd). An application must not bundle antd
 * or React itself (two Reacts break hooks); it builds with these, the kit and PH.createElement.
 * A chosen set, not all of antd, so PH's bundle holds only what applications use.
 */
export interface AntdParts {
  Button: typeof Button;
  Card: typeof Card;
  Descriptions: typeof Descriptions;
  Divider: typeof Divider;
  Flex: typeof Flex;
  Form: typeof Form;
  Input: typeof Input;
  InputNumber: typeof InputNumber;
  List: typeof List;
  Popconfirm: typeof Popconfirm;
  Radio: typeof Radio;
  Segmented: typeof Segmented;
  Select: typeof Select;
  Space: typeof Space;
  Spin: typeof Spin;
  Table: typeof Table;
  Tag: typeof Tag;
  Tooltip: typeof Tooltip;
  Typography: typeof Typography;
}

export const antdParts: AntdParts = {
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
};
