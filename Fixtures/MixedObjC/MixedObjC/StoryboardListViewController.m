#import "StoryboardListViewController.h"

@implementation StoryboardListViewController
{
    IBOutlet UILabel *_titleLabel;
    UISwitch *_isPrimarySwitch;
}

- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath
{
    if (indexPath.section == 0) {
        UITableViewCell *cell = [tableView dequeueReusableCellWithIdentifier:@"StoryboardCell" forIndexPath:indexPath];
        return cell;
    }
    return [tableView dequeueReusableCellWithIdentifier:@"StoryboardCel" forIndexPath:indexPath];
}

@end
